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

/** What the frame says about a widget besides its own data: its scope note and what exports are named after. */
export interface WidgetFrameInfo {
  /** The widget is not narrowed to the selected zone. */
  zoneNote: boolean;
  site: string;
  /** The page's dates (YYYY-MM-DD), first and last. */
  from?: string;
  to?: string;
}

/** The site and the first and last day the page's filters show. */
export function frameInfo(widget: Widget, ctx: Pick<WidgetContext, 'filters' | 'topZoneId' | 'site'>): WidgetFrameInfo {
  const begins = ctx.filters.timespans.map((r) => r.dateBegin).sort();
  const ends = ctx.filters.timespans.map((r) => r.dateEnd).sort();
  return { zoneNote: keepsItsOwnScope(widget, ctx), site: ctx.site.name, from: begins[0], to: ends[ends.length - 1] };
}

/** Set by WidgetView, read by the frame and the chart exports. */
export const WidgetFrameInfoContext = createContext<WidgetFrameInfo>({ zoneNote: false, site: '' });
export const useWidgetFrameInfo = () => useContext(WidgetFrameInfoContext);
