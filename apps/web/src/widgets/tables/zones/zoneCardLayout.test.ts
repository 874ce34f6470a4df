import { describe, expect, it } from 'vitest';
import { KPI_PER_ROW } from '@sitelens/domain';
import { CARD_GAP, cardColumns, columnsAt } from '../shared/cardColumns.ts';
import { MIN_CARD_WIDTH, cardRows, zoneCardColumns } from './zoneCardLayout.ts';

describe('cardColumns', () => {
  it('puts as many cards on a row as fit at their narrowest, four at most', () => {
    expect(zoneCardColumns).toEqual({ base: 1, '292px': 2, '444px': 3, '596px': 4 });
    // Each breakpoint is n cards at the narrowest width and the gaps between them.
    for (const [width, n] of Object.entries(cardColumns(MIN_CARD_WIDTH)).slice(1)) expect(Number.parseFloat(width)).toBe(n * MIN_CARD_WIDTH + (n - 1) * CARD_GAP);
    expect(Math.max(...Object.values(zoneCardColumns))).toBe(KPI_PER_ROW);
  });

  it('fits the widths the widget is drawn at: three cards beside the editor’s panel at 1024 px, four on a page', () => {
    const at = (width: number) => columnsAt(zoneCardColumns, width);
    // The zones widget's content box: the editor's canvas beside its panel at 1024 px (about 480 px
    // before the small-screen scale), at 1440 px (about 690 px), and a page at 1024 px (about 890 px).
    expect(at(480)).toBe(3);
    expect(at(690)).toBe(4);
    expect(at(890)).toBe(4);
    expect(at(250)).toBe(1);
  });
});

describe('cardRows', () => {
  it('gives the change a row only when a card has one', () => {
    expect(cardRows([{ change: false }, { change: true }])).toEqual(['heading', 'value', 'change']);
    expect(cardRows([{ change: false }])).toEqual(['heading', 'value']);
    expect(cardRows([])).toEqual(['heading', 'value']);
  });
});
