import { cardColumns } from '../shared/cardColumns.ts';

/**
 * The narrowest a zone card gets, in px: room for a name's longer words in bold ("Électronique",
 * "Pharmacie") and a figure of seven digits on one line, inside the card's padding.
 */
export const MIN_CARD_WIDTH = 140;
/**
 * Zone cards per row follow the widget's width (shared/cardColumns.ts): four cards to a row at
 * 1024 px in the editor were under 100 px each, too narrow for a shop's name even on two lines.
 */
export const zoneCardColumns = cardColumns(MIN_CARD_WIDTH);

export type ZoneCardPart = 'heading' | 'value' | 'change';

/**
 * The rows a card lays its parts on, shared by every card of the widget (a CSS subgrid): its name
 * with the zone it is in, its figure, its change. A name on two lines moves the figures of its whole
 * row down together, so figures and changes stay level across a row. A part no card has takes no row.
 */
export function cardRows(cards: ReadonlyArray<{ change: boolean }>): ZoneCardPart[] {
  return ['heading', 'value', ...(cards.some((c) => c.change) ? (['change'] as const) : [])];
}
