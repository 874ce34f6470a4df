import {
  IconAdjustmentsHorizontal,
  IconBell,
  IconBuildingStore,
  IconChartBar,
  IconDownload,
  IconFileAnalytics,
  IconFilter,
  IconHelpCircle,
  IconHome,
  IconLanguage,
  IconLayoutDashboard,
  IconLock,
  IconRocket,
  IconSettings,
  IconTrafficLights,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  IconAdjustmentsHorizontal,
  IconBell,
  IconBuildingStore,
  IconChartBar,
  IconDownload,
  IconFileAnalytics,
  IconFilter,
  IconHome,
  IconLanguage,
  IconLayoutDashboard,
  IconLock,
  IconRocket,
  IconSettings,
  IconTrafficLights,
  IconUpload,
};

/** A topic's icon by its catalogue name (HELP_TOPICS), imported one by one to keep the bundle small. */
export function TopicIcon({ name, size = 20 }: { name: string; size?: number }) {
  const Found = ICONS[name] ?? IconHelpCircle;
  return <Found size={size} stroke={1.7} aria-hidden="true" />;
}
