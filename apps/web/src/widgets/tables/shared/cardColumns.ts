import { KPI_PER_ROW } from '@sitelens/domain';

/** Between two cards, both ways (Mantine's `sm` spacing). */
export const CARD_GAP = 12;

/**
 * The cards per row by the width of the widget, for a Mantine container grid (so the editor's canvas
 * beside its side panel counts, not the window): as many as fit at `minWidth`, KPI_PER_ROW at most
 * (spec 001 §9). Shared by the zone and KPI cards.
 */
export function cardColumns(minWidth: number, most: number = KPI_PER_ROW, gap: number = CARD_GAP): Record<string, number> {
  const columns: Record<string, number> = { base: 1 };
  for (let n = 2; n <= most; n++) columns[`${n * minWidth + (n - 1) * gap}px`] = n;
  return columns;
}

/** The cards per row `cardColumns` gives a widget whose content is `width` px wide. */
export function columnsAt(columns: Record<string, number>, width: number): number {
  return Math.max(...Object.entries(columns).filter(([w]) => w === 'base' || Number.parseFloat(w) <= width).map(([, n]) => n));
}
