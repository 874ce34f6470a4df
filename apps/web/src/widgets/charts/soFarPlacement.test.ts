import { describe, expect, it } from 'vitest';
import { type SoFarPlacement, type SoFarPoint, soFarPlacement } from './soFarPlacement.ts';

/** A 40 x 14 px label at a point 30 px after the previous one. */
const point = (over: Partial<SoFarPoint>): SoFarPoint => ({ step: 30, rise: 0, above: 100, below: 100, width: 40, height: 14, ...over });

/** The label's box as ECharts draws it (x towards the previous point, y up, the point at 0, 0). */
function box(place: SoFarPlacement, p: SoFarPoint) {
  if (place.position === 'top') return { x0: 0, x1: p.width, y0: place.distance, y1: place.distance + p.height };
  if (place.position === 'bottom') return { x0: 0, x1: p.width, y0: -place.distance - p.height, y1: -place.distance };
  return { x0: place.distance, x1: place.distance + p.width, y0: place.lift - p.height / 2, y1: place.lift + p.height / 2 };
}

/** Whether the segment from the point (0, 0) to the previous one (step, -rise) touches the box, sampled every 0.25 px. */
function crossesLine(place: SoFarPlacement, p: SoFarPoint, line: { at: number; rise: number } = { at: 0, rise: p.rise }): boolean {
  const b = box(place, p);
  for (let x = 0; x <= p.step; x += 0.25) {
    const y = line.at - (line.rise * x) / p.step;
    if (x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1) return true;
  }
  return false;
}

const inside = (place: SoFarPlacement, p: SoFarPoint) => {
  const b = box(place, p);
  return b.y1 <= p.above && -b.y0 <= p.below;
};

describe('soFarPlacement', () => {
  it('puts the label below a point the line comes down into, above one it climbs to', () => {
    // The defect: a steep fall into the running hour ran through the label drawn above the point.
    const falling = point({ rise: -90 });
    expect(crossesLine({ position: 'top', distance: 5, lift: 0 }, falling)).toBe(true);
    expect(soFarPlacement(falling)).toEqual({ position: 'bottom', distance: 5, lift: 0 });
    expect(crossesLine(soFarPlacement(falling), falling)).toBe(false);
    expect(soFarPlacement(point({ rise: 90 }))).toEqual({ position: 'top', distance: 5, lift: 0 });
    expect(soFarPlacement(point({ rise: 0 }))).toEqual({ position: 'top', distance: 5, lift: 0 });
  });

  it('stays inside the plot: beside the point after a steep fall to the axis, lifted above it after a gentle one', () => {
    // Fallen onto the time axis: no room below; the steep segment passes high over a label beside the point, moved up into the plot.
    const steep = point({ rise: -150, below: 0, above: 150 });
    expect(soFarPlacement(steep)).toEqual({ position: 'inner', distance: 6, lift: 7 });
    // A gentle fall onto the axis: above the point, lifted clear of the segment.
    const gentle = point({ rise: -6, below: 0, above: 100 });
    const lifted = soFarPlacement(gentle);
    expect(lifted.position).toBe('top');
    expect(crossesLine(lifted, gentle)).toBe(false);
    // Climbing to the top edge: beside the point, moved down into the plot.
    expect(soFarPlacement(point({ rise: 150, above: 0, below: 200 }))).toEqual({ position: 'inner', distance: 6, lift: -7 });
  });

  it('always stays inside the plot and clear of the line into the point', () => {
    const failures: string[] = [];
    for (const at of [0, 3, 10, 25, 60, 100, 150, 190, 200])
      for (const previous of [0, 5, 20, 60, 100, 150, 195, 200])
        for (const step of [8, 30, 120]) {
          // A plot 200 px tall, the running point at `at` px above its bottom, the previous one at `previous`.
          const p = point({ rise: at - previous, below: at, above: 200 - at, step });
          const place = soFarPlacement(p);
          if (!inside(place, p) || crossesLine(place, p)) failures.push(`${at} after ${previous}, step ${step}: ${JSON.stringify(place)}`);
        }
    expect(failures).toEqual([]);
  });

  it('keeps clear of the chart\'s other lines into the same running hour', () => {
    // The defect: visitors in fell into the running hour and "so far" went under its point, where
    // visitors out, a few pixels lower, ran through it (the demo's counting chart in Arabic).
    const crowded = point({ rise: -40, others: [{ at: -12, rise: -30 }] });
    expect(crossesLine({ position: 'bottom', distance: 5, lift: 0 }, crowded, crowded.others![0])).toBe(true);
    const place = soFarPlacement(crowded);
    expect(crossesLine(place, crowded)).toBe(false);
    expect(crossesLine(place, crowded, crowded.others![0])).toBe(false);
    // A line far away changes nothing.
    expect(soFarPlacement(point({ rise: -40, others: [{ at: 80, rise: 0 }] }))).toEqual(soFarPlacement(point({ rise: -40 })));
  });

  it('stays clear of every line whenever there is room above them all or below them all', () => {
    const failures: string[] = [];
    for (const at of [10, 60, 100, 150, 190])
      for (const previous of [0, 60, 140, 200])
        for (const otherAt of [0, 50, 95, 105, 120, 200])
          for (const otherPrevious of [0, 100, 200])
            for (const step of [30, 120]) {
              const others = [{ at: otherAt - at, rise: otherAt - otherPrevious }];
              const p = point({ rise: at - previous, below: at, above: 200 - at, step, others });
              // The lines' highest and lowest heights under the label (40 px along), against the plot's 200 px.
              const reach = Math.min(p.width, step);
              const heights = [at, at - (p.rise * reach) / step, otherAt, otherAt - ((otherAt - otherPrevious) * reach) / step];
              const room = 200 - Math.max(...heights) >= p.height + 7 || Math.min(...heights) >= p.height + 7;
              if (!room) continue;
              const place = soFarPlacement(p);
              if (!inside(place, p) || crossesLine(place, p) || crossesLine(place, p, others[0])) failures.push(`${at} after ${previous}, other ${otherAt} after ${otherPrevious}, step ${step}: ${JSON.stringify(place)}`);
            }
    expect(failures).toEqual([]);
  });
});
