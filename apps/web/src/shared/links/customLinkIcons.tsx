import {
  IconBook,
  IconBuildingStore,
  IconCalendar,
  IconChartBar,
  IconFileText,
  IconHelpCircle,
  IconLink,
  IconMail,
  IconMap,
  IconTool,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { type CustomLinkIcon, isCustomLinkIcon } from '@sitelens/domain';

export const CUSTOM_LINK_ICON_COMPONENTS: Record<CustomLinkIcon, Icon> = {
  link: IconLink,
  book: IconBook,
  chart: IconChartBar,
  calendar: IconCalendar,
  file: IconFileText,
  help: IconHelpCircle,
  mail: IconMail,
  map: IconMap,
  shop: IconBuildingStore,
  tool: IconTool,
  users: IconUsers,
  world: IconWorld,
};

/** A link's icon: the product's own by name, the link icon otherwise; never an image from elsewhere (issue 28.13). */
export function CustomLinkIconView({ iconSrc, size = 16 }: { iconSrc: string | null; size?: number }) {
  const Component = CUSTOM_LINK_ICON_COMPONENTS[isCustomLinkIcon(iconSrc) ? iconSrc : 'link'];
  return <Component size={size} stroke={1.7} aria-hidden="true" />;
}
