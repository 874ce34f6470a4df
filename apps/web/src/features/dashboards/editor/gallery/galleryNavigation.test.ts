import { WIDGET_TYPES } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { matchingTypes, nextCardIndex } from './galleryNavigation.ts';

const names: Record<string, string> = { lineChart: 'Gráfico de líneas', circleChart: 'Jauge', kpis: 'Key figures' };
const nameOf = (t: string) => names[t] ?? t;

describe('matchingTypes', () => {
  it.each<[string, string[]]>([
    ['', [...WIDGET_TYPES]],
    ['grafico', ['lineChart']],
    ['JAUGE', ['circleChart']],
    ['key fig', ['kpis']],
    ['chart', WIDGET_TYPES.filter((t) => t.toLowerCase().includes('chart'))],
    ['nothing like it', []],
  ])('"%s"', (query, expected) => {
    expect(matchingTypes(WIDGET_TYPES, nameOf, query)).toEqual(expected);
  });
});

describe('nextCardIndex in a grid of 7 cards, 3 wide', () => {
  it.each<[number, Parameters<typeof nextCardIndex>[1], 'ltr' | 'rtl', number]>([
    [0, 'ArrowRight', 'ltr', 1],
    [0, 'ArrowRight', 'rtl', 0],
    [0, 'ArrowLeft', 'rtl', 1],
    [4, 'ArrowLeft', 'ltr', 3],
    [1, 'ArrowDown', 'ltr', 4],
    [5, 'ArrowDown', 'ltr', 5],
    [4, 'ArrowUp', 'rtl', 1],
    [3, 'Home', 'ltr', 0],
    [3, 'End', 'ltr', 6],
    [6, 'ArrowRight', 'ltr', 6],
  ])('from %i, %s (%s) goes to %i', (from, key, dir, to) => {
    expect(nextCardIndex(from, key, 7, 3, dir)).toBe(to);
  });

  it('has nowhere to go without cards', () => {
    expect(nextCardIndex(0, 'ArrowRight', 0, 3, 'ltr')).toBe(-1);
  });
});
