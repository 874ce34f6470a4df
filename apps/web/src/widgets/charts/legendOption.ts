import { MAX_INITIAL_SERIES, type Widget } from '@sitelens/domain';
import type { ChartEnv } from './chartEnv.ts';

/** Space the legend takes under the chart, in px. */
export const LEGEND_HEIGHT = 32;

export function legendShown(widget: Widget, count: number): boolean {
  return widget.configuration.showLegend ?? count > 1;
}

/**
 * The legend (spec 001 §3 showLegend, shown by default when there is more than one item), scrolling
 * when long; only the first 8 items are on at first (spec 001 §9), the reader turns on the others.
 */
export function legendOption(names: readonly string[], widget: Widget, env: ChartEnv) {
  const selected = Object.fromEntries(names.map((name, i) => [name, i < MAX_INITIAL_SERIES]));
  return {
    show: legendShown(widget, names.length),
    type: 'scroll',
    bottom: 0,
    left: 'center',
    // Right-to-left: the marker sits right of its text.
    align: env.rtl ? 'right' : 'left',
    data: [...names],
    selected,
    itemWidth: 14,
    itemHeight: 10,
    textStyle: { fontSize: 12, color: '#373A40', width: 180, overflow: 'truncate' },
    pageIconColor: '#1c7ed6',
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
