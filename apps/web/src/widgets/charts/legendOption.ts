import { MAX_INITIAL_SERIES, type Widget } from '@sitelens/domain';
import type { ChartEnv } from './chartEnv.ts';
import {
  ITEM_GAP,
  LEGEND_FONT,
  LINE_MARKER_OVERHANG,
  LINE_MARKER_WIDTH,
  MARKER_HEIGHT,
  MARKER_WIDTH,
  MAX_NAME_WIDTH,
  PAGE_FONT,
  PAGE_ICON_SIZE,
  PAGE_ICONS,
  legendLayout,
} from './legendLayout.ts';
import { escapeHtml } from './valueFormat.ts';

/** Space the legend takes under the chart, in px. */
export const LEGEND_HEIGHT = 32;

export function legendShown(widget: Widget, count: number): boolean {
  return widget.configuration.showLegend ?? count > 1;
}

/**
 * The legend (spec 001 §3 showLegend, shown by default when there is more than one item), scrolling
 * when long; only the first 8 items are on at first (spec 001 §9), the reader turns on the others.
 * At a known chart width (px) a legend that pages shows whole names on every page (legendLayout.ts);
 * `lineMarkers` for line and area charts, whose markers are a line through a point.
 */
export function legendOption(names: readonly string[], widget: Widget, env: ChartEnv, chartWidth = 0, lineMarkers = false) {
  const selected = Object.fromEntries(names.map((name, i) => [name, i < MAX_INITIAL_SERIES]));
  const layout = legendLayout(names, chartWidth, env.textWidth, lineMarkers ? LINE_MARKER_OVERHANG : 0);
  const paged = layout?.paged ? layout : null;
  const textStyle = { fontSize: LEGEND_FONT, color: '#373A40', overflow: 'truncate', ellipsis: '…' };
  return {
    show: legendShown(widget, names.length),
    type: 'scroll',
    bottom: 0,
    left: 'center',
    // A paged row spans the chart (less its edges), its arrows and counter at its end in both directions:
    // the names run left to right in right-to-left pages too (ECharts' horizontal legend has one order).
    ...(paged ? { width: paged.width } : {}),
    // Right-to-left: the marker sits right of its text.
    align: env.rtl ? 'right' : 'left',
    data: [...names],
    selected,
    itemWidth: MARKER_WIDTH,
    itemHeight: MARKER_HEIGHT,
    itemGap: ITEM_GAP,
    // Markers without a border, on or off: a border widens a marker's bounds (a pie's 1 px outline
    // made each name's slot a pixel wider than laid out), and a page would end on a cut name.
    itemStyle: { borderWidth: 0 },
    inactiveBorderWidth: 0,
    // A line's marker: its stroke, and so how far it reaches past its box, is the same on or off.
    lineStyle: { width: LINE_MARKER_WIDTH, inactiveWidth: LINE_MARKER_WIDTH },
    textStyle: paged
      ? // Every name in a box of one width: a text with a background is as wide as its box (zrender's
        // parseText), a bare text only as wide as its letters.
        { ...textStyle, width: paged.nameWidth, backgroundColor: 'transparent' }
      : { ...textStyle, width: MAX_NAME_WIDTH },
    // A name shortened to fit is read whole on hovering it.
    tooltip: { show: true, formatter: (p: { name: string }) => escapeHtml(p.name) },
    pageButtonPosition: 'end',
    pageButtonGap: ITEM_GAP,
    ...(paged ? { pageButtonItemGap: paged.pageButtonItemGap } : {}),
    pageIcons: { horizontal: PAGE_ICONS },
    pageIconSize: PAGE_ICON_SIZE,
    pageIconColor: '#1c7ed6',
    pageTextStyle: { fontSize: PAGE_FONT, color: '#495057' },
  };
}

/** Legend names must be unique (a legend toggles every series of a name): repeated ones get a number. */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}
