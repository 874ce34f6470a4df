import { type OpeningHoursWindow, businessDate, businessDayRange, defaultTimespanDate, defaultTimespanDay, isoDateAddDays } from '@sitelens/domain';

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
  opening_hours: OpeningHoursWindow[];
}

/**
 * The business day a site's pages open on (spec 001 §4): today, or yesterday while the site is
 * closed, e.g. early in the morning before its shops open.
 */
function shownDay(site: SiteRow): string {
  const today = businessDate(Date.now(), site.timezone, site.change_of_day_time);
  const day = defaultTimespanDay(Date.now(), { tz: site.timezone, openingHours: site.opening_hours, changeOfDay: site.change_of_day_time });
  return day === 'today' ? today : isoDateAddDays(today, -1);
}

/** Whether the site counted at least one visitor on that business day (readings of zero are no visitors). */
async function hasVisitorsOn(graphql: GraphqlCall, token: string, site: SiteRow, day: string): Promise<boolean> {
  const [begin, end] = businessDayRange(day, site.timezone, site.change_of_day_time);
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
  return retailData.series.some((s) => s.points.some((p) => typeof p.value === 'number' && p.value > 0));
}

/** Signs in as the demo administrator and reads the organization's counting sites. */
async function countingSiteRows(graphql: GraphqlCall): Promise<{ login: string; counting: SiteRow[] }> {
  const { login } = await graphql<{ login: string }>(`query { login(email: "${DEMO_ADMIN.email}", password: "${DEMO_ADMIN.password}") }`);
  const { allInstallations } = await graphql<{ allInstallations: SiteRow[] }>('query { allInstallations { id name families timezone change_of_day_time opening_hours { beginDay beginHour beginMinute endDay endHour endMinute reset } } }', login);
  return { login, counting: allInstallations.filter((i) => i.families.includes('counting')) };
}

/**
 * The demo's shopping-centre counting site, used by the browser suite and the benchmark's browser
 * phase. It must have visitors on the day its pages open on: yesterday while it is closed (early in
 * its business day, before its shops open), else today. When it has none (a holiday), another
 * counting site with visitors on its day stands in.
 */
export async function demoCountingSite(graphql: GraphqlCall): Promise<SiteRef> {
  const { login, counting } = await countingSiteRows(graphql);
  const isCentre = (i: SiteRow) => /shopping|centre|center|mall|galerie/i.test(i.name);
  counting.sort((a, b) => Number(isCentre(b)) - Number(isCentre(a)));
  for (const site of counting) {
    if (await hasVisitorsOn(graphql, login, site, shownDay(site))) return { id: site.id, name: site.name, today: businessDate(Date.now(), site.timezone, site.change_of_day_time) };
  }
  throw new Error('no counting site of the demo organization has visitors on the day its pages open on');
}

/**
 * Each counting site of the demo organization, whether it has had visitors today (its business day
 * so far) and, when it has not, the earlier day its pages open on (yesterday while it is closed;
 * null when that is today's business day) with whether that day had visitors: the sites overview
 * shows that day's figures instead, or says why it has none.
 */
export async function countingSitesToday(
  graphql: GraphqlCall,
): Promise<Array<{ id: number; name: string; hasVisitors: boolean; earlierDay: { day: string; hasVisitors: boolean } | null }>> {
  const { login, counting } = await countingSiteRows(graphql);
  return Promise.all(
    counting.map(async (site) => {
      const now = Date.now();
      const today = businessDate(now, site.timezone, site.change_of_day_time);
      const hasVisitors = await hasVisitorsOn(graphql, login, site, today);
      const opensOn = defaultTimespanDate(now, { tz: site.timezone, openingHours: site.opening_hours, changeOfDay: site.change_of_day_time });
      const earlierDay = !hasVisitors && opensOn < today ? { day: opensOn, hasVisitors: await hasVisitorsOn(graphql, login, site, opensOn) } : null;
      return { id: site.id, name: site.name, hasVisitors, earlierDay };
    }),
  );
}
