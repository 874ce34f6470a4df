import { describe, expect, it } from 'vitest';
import { elementBox, pathBox, placeTooltips, tooltipAnchor } from './mapGeometry.ts';

describe('pathBox', () => {
  it.each([
    ['M90 30 H970 V540 H30 V90 Z', { x: 30, y: 30, width: 940, height: 510 }],
    ['M10,10 l20,0 l0,20 z', { x: 10, y: 10, width: 20, height: 20 }],
    ['M0 0 C 10 -5, 20 -5, 30 0 S 50 10 60 0', { x: 0, y: -5, width: 60, height: 15 }],
    ['m5 5 h10 v10 h-10 z', { x: 5, y: 5, width: 10, height: 10 }],
  ])('%s', (path, box) => {
    expect(pathBox(path)).toEqual(box);
  });

  it('answers null for an empty path', () => {
    expect(pathBox('')).toBeNull();
  });
});

describe('elementBox and tooltipAnchor', () => {
  const box = elementBox({ x: 100, y: 50, width: 200, height: 100 })!;
  it.each([
    ['center', { x: 200, y: 100 }],
    ['top', { x: 200, y: 50 }],
    ['bottom', { x: 200, y: 150 }],
    ['left', { x: 100, y: 100 }],
    ['right', { x: 300, y: 100 }],
  ] as const)('%s', (position, point) => {
    expect(tooltipAnchor(box, position)).toEqual(point);
  });
  it('needs a path or a size', () => {
    expect(elementBox({ x: 1, y: 1 })).toBeNull();
  });
});

describe('placeTooltips', () => {
  const bounds = { width: 1000, height: 600 };
  const door = (key: string, x: number, y: number) => ({ key, box: { x, y, width: 50, height: 10 }, preferred: 'bottom' as const, width: 120, height: 40 });

  it('keeps the configured side when it is free', () => {
    const placed = placeTooltips([door('a', 100, 100)], bounds);
    expect(placed.get('a')).toEqual({ x: 65, y: 116, width: 120, height: 40 });
  });

  it('moves a tooltip that would cover another one, so none overlap', () => {
    const placed = placeTooltips([door('a', 100, 100), door('b', 160, 120)], bounds);
    const [a, b] = [placed.get('a')!, placed.get('b')!];
    expect(b.y + b.height).toBeLessThanOrEqual(120);
    expect(a.y + a.height <= b.y || b.y + b.height <= a.y || a.x + a.width <= b.x || b.x + b.width <= a.x).toBe(true);
  });

  it('keeps clear of the names written on the plan when it can', () => {
    const label = { x: 60, y: 120, width: 100, height: 20 };
    const placed = placeTooltips([door('a', 100, 100)], bounds, [label]).get('a')!;
    // Below the door sits a name: the tooltip goes above.
    expect(placed.y + placed.height).toBeLessThanOrEqual(100);
  });

  it('keeps tooltips inside the plan', () => {
    const placed = placeTooltips([door('edge', 960, 590)], bounds);
    const edge = placed.get('edge')!;
    expect(edge.x + edge.width).toBeLessThanOrEqual(1000);
    expect(edge.y + edge.height).toBeLessThanOrEqual(600);
  });
});
