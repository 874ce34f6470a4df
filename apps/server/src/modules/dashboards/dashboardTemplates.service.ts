import { LANGUAGES, type Language } from '@sitelens/domain';
import type { Context } from '../../graphql/context.ts';
import { badInput } from '../../graphql/errors.ts';
import { siteFamilies, zonesOf } from '../installations/installations.repo.ts';
import { installationById } from '../installations/installations.service.ts';
import { catalogues } from '../translations/catalogues.ts';
import { type CreatedDashboard, createFromModel, requireCreateRight } from './dashboardCopy.service.ts';
import { DASHBOARD_TEMPLATES, type DashboardTemplate, type Translate, missingFamilies, templateModel } from './dashboardTemplates.ts';
import { siteDevices } from './dashboards.repo.ts';
import type { SiteStructure } from './staticPages.ts';

export interface TemplateAvailability {
  key: DashboardTemplate;
  available: boolean;
  /** The event metric families the site lacks (counting, sales, atmosphere, energy). */
  missing: string[];
}

/** Which templates a site of the caller's organizations can fill. */
export async function dashboardTemplates(ctx: Context, installationId: number): Promise<TemplateAvailability[]> {
  await requireCreateRight(ctx);
  const site = await installationById(ctx, installationId);
  const families = new Set(await siteFamilies(ctx.database, site.id));
  return DASHBOARD_TEMPLATES.map((key) => {
    const missing = missingFamilies(key, families);
    return { key, available: missing.length === 0, missing };
  });
}

async function structureOf(ctx: Context, installationId: number): Promise<SiteStructure> {
  const [zones, devices] = await Promise.all([zonesOf(ctx.database, installationId), siteDevices(ctx.database, installationId)]);
  const live = zones.filter((z) => z.deletedAt === null);
  const top = live.find((z) => z.parentId === null) ?? null;
  const meterIds: Record<string, number[]> = {};
  for (const d of devices) if (d.kind === 'meter' && d.meterType) (meterIds[d.meterType] ??= []).push(d.id);
  return {
    installationId,
    topZoneId: top?.id ?? null,
    childZoneIds: live.filter((z) => top && z.parentId === top.id && !z.isDisabled).map((z) => z.id),
    atmosphereDeviceIds: devices.filter((d) => d.kind === 'atmosphere').map((d) => d.id),
    meterIds,
  };
}

/** Catalogue lookup in one language, English when the key lacks there, the key itself as a last resort. */
export function translator(language: string | null | undefined): Translate {
  const lang: Language = (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
  const texts = catalogues().texts;
  const find = (l: Language, key: string) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts.get(l));
  return (key) => {
    const found = find(lang, key) ?? find('en', key);
    return typeof found === 'string' ? found : key;
  };
}

/** A new dashboard of the caller from a template, filled with the site's zones; refused when the site lacks its metrics. */
export async function createDashboardFromTemplate(ctx: Context, installationId: number, template: DashboardTemplate, name: string, language: string | null | undefined): Promise<CreatedDashboard> {
  await requireCreateRight(ctx);
  const site = await installationById(ctx, installationId);
  if (missingFamilies(template, new Set(await siteFamilies(ctx.database, site.id))).length) throw badInput('template', 'templateUnavailable');
  const model = templateModel(template, name.trim() || 'Dashboard', await structureOf(ctx, site.id), translator(language));
  return createFromModel(ctx, site.organizationId, name, model);
}
