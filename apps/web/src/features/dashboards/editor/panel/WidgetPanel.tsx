import type { WidgetSite } from '../../../../widgets/core/widgetContext.ts';
import type { ModelWidget } from '../model/dashboardModel.ts';

export interface WidgetPanelProps {
  widget: ModelWidget;
  /** The site the page shows: its zones, passages and devices are the targets offered. */
  site: WidgetSite;
  /** Every change at once (the editor previews it live and records it for undo). */
  onChange: (next: ModelWidget) => void;
  onClose: () => void;
}

/** Placeholder until the side panel lands: the widget's fields, from the domain widget model. */
export function WidgetPanel(_props: WidgetPanelProps) {
  return null;
}
