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

/** A link's icon: the product's own by name, an https image as given, the link icon otherwise. */
export function CustomLinkIconView({ iconSrc, size = 16 }: { iconSrc: string | null; size?: number }) {
  if (iconSrc && !isCustomLinkIcon(iconSrc)) {
    return <img src={iconSrc} alt="" width={size} height={size} referrerPolicy="no-referrer" style={{ objectFit: 'contain' }} />;
  }
  const Component = CUSTOM_LINK_ICON_COMPONENTS[isCustomLinkIcon(iconSrc) ? iconSrc : 'link'];
  return <Component size={size} stroke={1.7} aria-hidden="true" />;
}
