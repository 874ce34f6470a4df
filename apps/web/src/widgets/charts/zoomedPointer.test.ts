import { describe, expect, it } from 'vitest';
import { drawnScale, localPoint } from './zoomedPointer.ts';

describe('zoomed pointer', () => {
  it('reads the zoom of the app from the chart’s drawn and laid-out widths', () => {
    // At 1024 px the app is laid out at 1200 px: a 500 px chart is drawn 426.67 px wide.
    expect(drawnScale(500 * (1024 / 1200), 500)).toBeCloseTo(1024 / 1200, 6);
    // Not zoomed (1440 px), or not laid out yet: left alone.
    expect(drawnScale(500, 500)).toBe(1);
    expect(drawnScale(0, 0)).toBe(1);
  });

  it('turns a click on the screen into the chart’s own pixels', () => {
    // A chart whose box starts at (40, 80) on screen, drawn at 0.8: a click 160 px right of its
    // edge lands 200 px into the chart, where ZRender drew the legend name.
    expect(localPoint({ x: 200, y: 200 }, { left: 40, top: 80 }, 0.8)).toEqual({ x: 200, y: 150 });
    expect(localPoint({ x: 200, y: 200 }, { left: 40, top: 80 }, 1)).toEqual({ x: 160, y: 120 });
  });
});
