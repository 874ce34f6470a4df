import type { APIRequestContext, Page } from '@playwright/test';
import { gqlAs } from './dashboardsHelpers.ts';

/** The demo's counting centre (the French site), its top zone, a zone without a floor area, an API key for ingest and the showcase dashboard's URL. */
export async function centre(request: APIRequestContext, token: string) {
  const { allInstallations } = await gqlAs<{ allInstallations: Array<{ id: number; name: string; country: string | null; families: string[]; timezone: string; change_of_day_time: string }> }>(
    request,
    token,
    '{ allInstallations { id name country families timezone change_of_day_time } }',
  );
  const site = allInstallations.find((s) => s.country === 'FR' && s.families.includes('counting')) ?? allInstallations.find((s) => s.families.includes('counting'))!;
  const { zonesByInstallation } = await gqlAs<{ zonesByInstallation: Array<{ id: number; name: string; parentIds: number[]; areaM2: number | null }> }>(request, token, `{ zonesByInstallation(installationId: ${site.id}) { id name parentIds areaM2 } }`);
  const { createApiKey } = await gqlAs<{ createApiKey: { secret: string } }>(request, token, 'mutation { createApiKey(name: "Alerts e2e") { secret } }');
  const { allDashboardsV2 } = await gqlAs<{ allDashboardsV2: Array<{ name: string; url: string }> }>(request, token, '{ allDashboardsV2 { name url } }');
  return { site, top: zonesByInstallation.find((z) => z.parentIds.length === 0)!, withoutArea: zonesByInstallation.find((z) => !z.areaM2)!, apiKey: createApiKey.secret, showcase: allDashboardsV2.find((d) => d.name === 'Showcase')!.url };
}

/** Picks an option of one of the form's selects by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
