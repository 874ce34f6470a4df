import { describe, expect, it } from 'vitest';
import { barChartHeight, SKELETONS, tableHeight, visibleTableHeight } from './chartLayout.ts';

describe('tableHeight', () => {
  it('is 69 px per row plus 100', () => {
    expect(tableHeight(8)).toBe(652);
    expect(tableHeight(1)).toBe(169);
    expect(tableHeight(0)).toBe(100);
    expect(tableHeight()).toBe(652);
    expect(tableHeight(-2)).toBe(100);
  });

  it('shows at most 8 rows and at least 1', () => {
    expect(visibleTableHeight(3)).toBe(tableHeight(3));
    expect(visibleTableHeight(8)).toBe(tableHeight(8));
    expect(visibleTableHeight(120)).toBe(tableHeight(8));
    expect(visibleTableHeight(0)).toBe(tableHeight(1));
  });
});

describe('barChartHeight', () => {
  it.each<[number, number]>([
    [0, 400],
    [1, 400],
    [7, 400],
    [8, 400],
    [9, 450],
    [10, 500],
    [11, 550],
    [40, 550],
  ])('plain, %d bars → %d px', (bars, height) => {
    expect(barChartHeight(bars)).toBe(height);
    expect(barChartHeight(bars, false)).toBe(height);
  });

  it.each<[number, number]>([
    [0, 150],
    [1, 200],
    [4, 350],
    [5, 400],
    [6, 400],
    [40, 400],
  ])('stacked, %d bars → %d px', (bars, height) => {
    expect(barChartHeight(bars, true)).toBe(height);
  });

  it('never exceeds 550 px', () => {
    for (let n = 0; n < 100; n++) {
      expect(barChartHeight(n)).toBeLessThanOrEqual(550);
      expect(barChartHeight(n, true)).toBeLessThanOrEqual(550);
    }
  });
});

describe('SKELETONS', () => {
  it('match §9', () => {
    expect(SKELETONS.bars.columns * SKELETONS.bars.rows).toBe(48);
    expect(SKELETONS.grid.columns * SKELETONS.grid.rows).toBe(30);
    expect(SKELETONS.tableRows).toBe(6);
    expect(SKELETONS.kpiCards).toBe(4);
  });
});
