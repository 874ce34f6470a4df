import { businessDate, businessDayRange } from '@sitelens/domain';

/** The demo organization's administrator (the README's demo sign-in). */
export const DEMO_ADMIN = { email: 'admin@sitelens.example', password: 'Sitelens#2026' };

/** One GraphQL call over whatever client the caller holds (Playwright's request context, fetch). */
export type GraphqlCall = <T>(query: string, token?: string) => Promise<T>;

export interface SiteRef {
  id: number;
  name: string;
  /** The site's current business day (YYYY-MM-DD): before its change of day, the calendar's yesterday. */
  today: string;
}

interface SiteRow {
  id: number;
  name: string;
  families: string[];
  timezone: string;
  change_of_day_time: string;
}

async function hasVisitorsToday(graphql: GraphqlCall, token: string, site: SiteRow): Promise<boolean> {
  const [begin, end] = businessDayRange(businessDate(Date.now(), site.timezone, site.change_of_day_time), site.timezone, site.change_of_day_time);
  const input = JSON.stringify({
    installationId: site.id,
    metric: 'visitorsIn',
    granularity: 3600,
    groupBy: { type: 'date', aggregation: 'sum' },
    filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] },
  }).replace(/"(\w+)":/g, '$1:');
  const { retailData } = await graphql<{ retailData: { series: Array<{ points: Array<{ value: number | null }> }> } }>(
    `query { retailData(input: ${input}) { series { points { value } } } }`,
    token,
  );
  return retailData.series.some((s) => s.points.some((p) => typeof p.value === 'number'));
}

/**
 * The demo's shopping-centre counting site, used by the browser suite and the benchmark's browser
 * phase. Shops are closed early in their business day, so when it has no visitor yet today another
 * counting site with visitors stands in.
 */
export async function demoCountingSite(graphql: GraphqlCall): Promise<SiteRef> {
  const { login } = await graphql<{ login: string }>(`query { login(email: "${DEMO_ADMIN.email}", password: "${DEMO_ADMIN.password}") }`);
  const { allInstallations } = await graphql<{ allInstallations: SiteRow[] }>('query { allInstallations { id name families timezone change_of_day_time } }', login);
  const isCentre = (i: SiteRow) => /shopping|centre|center|mall|galerie/i.test(i.name);
  const counting = allInstallations.filter((i) => i.families.includes('counting')).sort((a, b) => Number(isCentre(b)) - Number(isCentre(a)));
  for (const site of counting) {
    if (await hasVisitorsToday(graphql, login, site)) return { id: site.id, name: site.name, today: businessDate(Date.now(), site.timezone, site.change_of_day_time) };
  }
  throw new Error('no counting site of the demo organization has visitors today');
}
