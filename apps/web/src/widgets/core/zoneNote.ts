import { createContext, useContext } from 'react';
import type { Widget } from '@sitelens/domain';
import type { WidgetContext } from './widgetContext.ts';

/** Widgets that show the whole site by design: the weather is the site's, wherever the zone. */
const SITE_WIDE_TYPES = new Set(['weather']);

/**
 * Whether the widget shows something else than the page's selected zone: it ignores the zone
 * filter, or it is a "specific" widget that keeps its own zones, passages or devices, or it is
 * site-wide by nature. Only worth saying when a zone below the site's top is selected.
 */
export function keepsItsOwnScope(widget: Widget, ctx: Pick<WidgetContext, 'filters' | 'topZoneId'>): boolean {
  const zoneId = ctx.filters.zoneId;
  if (!zoneId || zoneId === ctx.topZoneId) return false;
  if (SITE_WIDE_TYPES.has(widget.type) || widget.ignoredFilters.includes('zone')) return true;
  return widget.category === 'specific' && widget.zoneIds.length + widget.passageIds.length + widget.deviceIds.length > 0;
}

/** Set by WidgetView, read by the frame: the widget is not narrowed to the selected zone. */
export const ZoneNoteContext = createContext(false);
export const useZoneNote = () => useContext(ZoneNoteContext);
