// The help centre's topics (spec 002 §1, §2: topics, FAQ and contact) and which topic each screen
// links to. The words live in the `help` catalogue (help.topics.<id>.title, .summary and
// .sections.<section>); this file gives their structure, so the web app and the tests read one list.

export const HELP_TOPIC_IDS = [
  'home',
  'sites',
  'dashboards',
  'filters',
  'metrics',
  'alerts',
  'reports',
  'export',
  'salesImport',
  'salesFunnel',
  'stopNGo',
  'signIn',
  'languages',
  'settings',
  'migration',
] as const;

export type HelpTopicId = (typeof HELP_TOPIC_IDS)[number];

export interface HelpTopic {
  id: HelpTopicId;
  /** A @tabler/icons-react icon name. */
  icon: string;
  /** Section keys, in reading order: help.topics.<id>.sections.<key>.title and .text. */
  sections: readonly string[];
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  { id: 'home', icon: 'IconHome', sections: ['figures', 'alerts', 'shortcuts', 'compact'] },
  { id: 'sites', icon: 'IconBuildingStore', sections: ['overview', 'pages', 'live', 'pinShare'] },
  { id: 'dashboards', icon: 'IconLayoutDashboard', sections: ['overview', 'widgets', 'download'] },
  { id: 'filters', icon: 'IconAdjustmentsHorizontal', sections: ['overview', 'dates', 'hours', 'days', 'zone', 'events', 'audience', 'global'] },
  { id: 'metrics', icon: 'IconChartBar', sections: ['overview', 'periods', 'timeZones'] },
  { id: 'alerts', icon: 'IconBell', sections: ['overview', 'conditions', 'notifications', 'schedule', 'log'] },
  { id: 'reports', icon: 'IconFileAnalytics', sections: ['overview', 'schedule', 'content', 'status', 'unsubscribe'] },
  { id: 'export', icon: 'IconDownload', sections: ['overview', 'options', 'delivery'] },
  { id: 'salesImport', icon: 'IconUpload', sections: ['overview', 'layout', 'rules', 'errors', 'reimport'] },
  { id: 'salesFunnel', icon: 'IconFilter', sections: ['overview', 'rates'] },
  { id: 'stopNGo', icon: 'IconTrafficLights', sections: ['overview', 'limit', 'screens'] },
  { id: 'signIn', icon: 'IconLock', sections: ['password', 'twoFactor', 'trustedBrowser', 'reset', 'session'] },
  { id: 'languages', icon: 'IconLanguage', sections: ['choose', 'formats', 'rtl'] },
  { id: 'settings', icon: 'IconSettings', sections: ['profile', 'organization', 'users', 'rights'] },
  // What the migration banner's "Learn more" opens.
  { id: 'migration', icon: 'IconRocket', sections: ['dates', 'afterDeadline', 'tryIt'] },
];

export function isHelpTopicId(value: unknown): value is HelpTopicId {
  return typeof value === 'string' && (HELP_TOPIC_IDS as readonly string[]).includes(value);
}

/**
 * The one map of screen to help topic: a path prefix (whole segments) and its topic. The longest
 * prefix that matches wins, so /user-profile/security reads before /user-profile.
 */
export const ROUTE_HELP_TOPICS: ReadonlyArray<readonly [prefix: string, topic: HelpTopicId]> = [
  ['/home', 'home'],
  ['/home2', 'home'],
  ['/analytics/sites', 'sites'],
  ['/counting', 'sites'],
  ['/atmosphere', 'sites'],
  ['/energy', 'sites'],
  ['/analytics/dashboard', 'dashboards'],
  ['/dashboard', 'dashboards'],
  ['/export-data', 'export'],
  ['/alerts', 'alerts'],
  ['/reports', 'reports'],
  ['/sales-metrics-import', 'salesImport'],
  ['/sales-funnel', 'salesFunnel'],
  ['/stop-n-go', 'stopNGo'],
  ['/user-profile/security', 'signIn'],
  ['/user-profile/preferences', 'languages'],
  ['/user-profile', 'settings'],
  ['/settings', 'settings'],
];

const byLength = [...ROUTE_HELP_TOPICS].sort((a, b) => b[0].length - a[0].length);

/** The help topic of the screen at `pathname`; null where no topic explains it (the help centre itself). */
export function helpTopicForPath(pathname: string): HelpTopicId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const found = byLength.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return found ? found[1] : null;
}

/** The help centre's address of a topic. */
export function helpTopicPath(topic: HelpTopicId): string {
  return `/help/${topic}`;
}
