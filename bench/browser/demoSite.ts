import { businessDate, businessDayRange } from '@sitelens/domain';

export const DEMO_ADMIN = { email: 'admin@sitelens.example', password: 'Sitelens#2026' };

interface SiteRow {
  id: number;
  name: string;
  families: string[];
  timezone: string;
  change_of_day_time: string;
}

async function gql<T>(base: string, query: string, token?: string): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok || body.errors || !body.data) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data;
}

async function hasVisitorsToday(base: string, token: string, site: SiteRow): Promise<boolean> {
  const day = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  const [begin, end] = businessDayRange(day, site.timezone, site.change_of_day_time);
  const input = JSON.stringify({
    installationId: site.id,
    metric: 'visitorsIn',
    granularity: 3600,
    groupBy: { type: 'date', aggregation: 'sum' },
    filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] },
  }).replace(/"(\w+)":/g, '$1:');
  const { retailData } = await gql<{ retailData: { series: Array<{ points: Array<{ value: number | null }> }> } }>(
    base,
    `query { retailData(input: ${input}) { series { points { value } } } }`,
    token,
  );
  return retailData.series.some((s) => s.points.some((p) => typeof p.value === 'number'));
}

/**
 * The demo's shopping-centre counting site, as the e2e suite picks it: shops are closed early in
 * their business day, so when it has no visitor yet today another counting site stands in.
 */
export async function demoCountingSite(base: string): Promise<{ id: number; name: string }> {
  const { login } = await gql<{ login: string }>(base, `query { login(email: "${DEMO_ADMIN.email}", password: "${DEMO_ADMIN.password}") }`);
  const { allInstallations } = await gql<{ allInstallations: SiteRow[] }>(base, 'query { allInstallations { id name families timezone change_of_day_time } }', login);
  const isCentre = (i: SiteRow) => /shopping|centre|center|mall|galerie/i.test(i.name);
  const counting = allInstallations.filter((i) => i.families.includes('counting')).sort((a, b) => Number(isCentre(b)) - Number(isCentre(a)));
  for (const site of counting) {
    if (await hasVisitorsToday(base, login, site)) return { id: site.id, name: site.name };
  }
  throw new Error('no counting site of the demo organization has visitors today');
}
