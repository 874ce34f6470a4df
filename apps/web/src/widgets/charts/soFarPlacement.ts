/** Where the "so far" label of a line's running point goes, in px around that point. */
export interface SoFarPoint {
  /** Across the chart, from the running point back to the previous one (> 0). */
  step: number;
  /** How far the line climbs into the running point on screen: < 0 when it comes down into it, 0 without a previous point. */
  rise: number;
  /** Room inside the plot above and below the point. */
  above: number;
  below: number;
  /** The label's text size. */
  width: number;
  height: number;
  /**
   * The chart's other lines into the same running hour, each as its point's height above this one
   * (`at`, px, < 0 below) and how far it climbs into it (`rise`); the label keeps clear of them too.
   */
  others?: ReadonlyArray<{ at: number; rise: number }>;
}

export interface SoFarPlacement {
  /** 'inner': beside the point, toward the chart's middle (the side the line comes from). */
  position: 'top' | 'bottom' | 'inner';
  distance: number;
  /** Beside the point, how far the label is moved up (down when < 0) to stay inside the plot. */
  lift: number;
}

/** Space kept between the label and the line or the plot's edge. */
const CLEAR = 2;
const NEAR = 5;

/**
 * Puts the label on the side away from the segment that leads into the point (below when the line
 * comes down, above when it comes up), else beside the point when the segment passes clear of it,
 * else across the segment far enough from it; always inside the plot when one of them fits. The
 * text of a label above or below ends at the point, so it reaches toward the chart's middle.
 */
export function soFarPlacement(p: SoFarPoint): SoFarPlacement {
  // Screen-up slope of the segment, seen from the point towards the previous one (> 0: it comes down into the point).
  const slope = p.step > 0 ? -p.rise / p.step : 0;
  const reach = Math.min(p.width, p.step);
  const across = Math.ceil(Math.abs(slope) * reach) + NEAR;
  const down = slope > 0;
  // Beside a point at the plot's edge the label moves into the plot.
  const lift = Math.max(0, p.height / 2 - p.below) - Math.max(0, p.height / 2 - p.above);
  const beside: SoFarPlacement = { position: 'inner', distance: NEAR + 1, lift };
  const candidates: SoFarPlacement[] = down
    ? [{ position: 'bottom', distance: NEAR, lift: 0 }, beside, { position: 'top', distance: across, lift: 0 }]
    : [{ position: 'top', distance: NEAR, lift: 0 }, beside, { position: 'bottom', distance: across, lift: 0 }];
  // Where the other lines come near, the label also goes above them all or below them all.
  const others = (p.others ?? []).map((o) => ({ at: o.at, slope: p.step > 0 ? -o.rise / p.step : 0 }));
  if (others.length > 0) {
    // The lines' heights where the label spans them: at the point and where the label ends.
    const heights = [0, slope * reach, ...others.flatMap((o) => [o.at, o.at + o.slope * reach])];
    const over = Math.ceil(Math.max(...heights)) + NEAR;
    const under = Math.ceil(-Math.min(...heights)) + NEAR;
    candidates.push({ position: 'top', distance: over, lift: 0 }, { position: 'bottom', distance: under, lift: 0 });
  }
  const inside = candidates.filter((c) => fits(c, p));
  const clearOfAll = (c: SoFarPlacement) => clearOfLine(c, p, slope) && others.every((o) => clearOfSegment(box(c, p), p.step, o.at, o.slope));
  return inside.find(clearOfAll) ?? inside.find((c) => clearOfLine(c, p, slope)) ?? inside[0] ?? candidates[0]!;
}

/** The label's box, x towards the previous point, y up the screen, the point at 0, 0. */
function box(c: SoFarPlacement, p: SoFarPoint): { x0: number; x1: number; y0: number; y1: number } {
  if (c.position === 'top') return { x0: 0, x1: p.width, y0: c.distance, y1: c.distance + p.height };
  if (c.position === 'bottom') return { x0: 0, x1: p.width, y0: -c.distance - p.height, y1: -c.distance };
  return { x0: c.distance, x1: c.distance + p.width, y0: c.lift - p.height / 2, y1: c.lift + p.height / 2 };
}

function fits(c: SoFarPlacement, p: SoFarPoint): boolean {
  const b = box(c, p);
  return b.y1 <= p.above && -b.y0 <= p.below;
}

/** Whether the segment from the point to the previous one passes clear of the label's box. */
function clearOfLine(c: SoFarPlacement, p: SoFarPoint, slope: number): boolean {
  if (p.step <= 0) return true;
  return clearOfSegment(box(c, p), p.step, 0, slope);
}

/** Whether a segment starting `at` px above the point and going `slope` px up per px towards the previous point passes clear of a box. */
function clearOfSegment(b: { x0: number; x1: number; y0: number; y1: number }, step: number, at: number, slope: number): boolean {
  const from = Math.max(b.x0, 0);
  const to = Math.min(b.x1, Math.max(step, 0));
  if (from > to) return true;
  const low = at + Math.min(slope * from, slope * to);
  const high = at + Math.max(slope * from, slope * to);
  return high < b.y0 - CLEAR || low > b.y1 + CLEAR;
}
