import { KPI_PER_ROW } from '@sitelens/domain';

/**
 * The narrowest a zone card gets, in px: room for a name's longer words in bold ("Électronique",
 * "Pharmacie") and a figure of seven digits on one line, inside the card's padding.
 */
export const MIN_CARD_WIDTH = 140;
/** Between two cards, both ways (Mantine's `sm` spacing). */
export const CARD_GAP = 12;

/**
 * The cards per row by the width of the widget (a container query, so the editor's canvas beside its
 * side panel counts, not the window): as many as fit at MIN_CARD_WIDTH, KPI_PER_ROW at most. Four
 * cards to a row at 1024 px in the editor were under 100 px each, too narrow for a shop's name even
 * on two lines.
 */
export function cardColumns(most: number = KPI_PER_ROW, minWidth: number = MIN_CARD_WIDTH, gap: number = CARD_GAP): Record<string, number> {
  const columns: Record<string, number> = { base: 1 };
  for (let n = 2; n <= most; n++) columns[`${n * minWidth + (n - 1) * gap}px`] = n;
  return columns;
}

export type ZoneCardPart = 'heading' | 'value' | 'change';

/**
 * The rows a card lays its parts on, shared by every card of the widget (a CSS subgrid): its name
 * with the zone it is in, its figure, its change. A name on two lines moves the figures of its whole
 * row down together, so figures and changes stay level across a row. A part no card has takes no row.
 */
export function cardRows(cards: ReadonlyArray<{ change: boolean }>): ZoneCardPart[] {
  return ['heading', 'value', ...(cards.some((c) => c.change) ? (['change'] as const) : [])];
}
