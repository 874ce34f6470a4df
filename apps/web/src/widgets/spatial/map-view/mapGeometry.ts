import type { MapElement, MapTooltipPosition } from '@sitelens/domain';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const COMMAND = /([MmLlHhVvCcSsQqTtAaZz])([^MmLlHhVvCcSsQqTtAaZz]*)/g;
const ARGS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

/**
 * The bounding box of an SVG path from its end and control points (control points may stretch it a
 * little past a curve, which is fine for placing a label). Null for an empty or unreadable path.
 */
export function pathBox(path: string): Box | null {
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [, command, rawArgs] of path.matchAll(COMMAND)) {
    const upper = command!.toUpperCase();
    const relative = command !== upper;
    const nums = (rawArgs!.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
    const size = ARGS[upper]!;
    if (size === 0) {
      x = startX;
      y = startY;
      continue;
    }
    for (let i = 0; i + size <= nums.length; i += size) {
      const a = nums.slice(i, i + size);
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      if (upper === 'H') x = ox + a[0]!;
      else if (upper === 'V') y = oy + a[0]!;
      else {
        // Every pair is a point; the arc's radii and flags are skipped, its end point kept.
        const pairs = upper === 'A' ? [[a[5]!, a[6]!]] : Array.from({ length: size / 2 }, (_, k) => [a[2 * k]!, a[2 * k + 1]!]);
        for (const [px, py] of pairs.slice(0, -1)) {
          xs.push(ox + px!);
          ys.push(oy + py!);
        }
        const [ex, ey] = pairs[pairs.length - 1]!;
        x = ox + ex!;
        y = oy + ey!;
      }
      if (upper === 'M' && i === 0) {
        startX = x;
        startY = y;
      }
      xs.push(x);
      ys.push(y);
    }
  }
  if (xs.length === 0) return null;
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  return { x: minX, y: minY, width: Math.max(...xs) - minX, height: Math.max(...ys) - minY };
}

/** Where an element sits: its path's box, or its rectangle. */
export function elementBox(element: MapElement): Box | null {
  if (element.path) return pathBox(element.path);
  if (element.width === undefined || element.height === undefined) return null;
  return { x: element.x ?? 0, y: element.y ?? 0, width: element.width, height: element.height };
}

/** The point a tooltip hangs from: the box's centre, or the middle of the side it is placed on. */
export function tooltipAnchor(box: Box, position: MapTooltipPosition): { x: number; y: number } {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  switch (position) {
    case 'top':
      return { x: cx, y: box.y };
    case 'bottom':
      return { x: cx, y: box.y + box.height };
    case 'left':
      return { x: box.x, y: cy };
    case 'right':
      return { x: box.x + box.width, y: cy };
    default:
      return { x: cx, y: cy };
  }
}

export interface TooltipRequest {
  key: string;
  /** The element's box, in the same units as the sizes (pixels on screen). */
  box: Box;
  preferred: MapTooltipPosition;
  width: number;
  height: number;
}

const GAP = 6;
const FALLBACKS: MapTooltipPosition[] = ['bottom', 'top', 'right', 'left', 'center'];

function rectAt(r: TooltipRequest, position: MapTooltipPosition): Box {
  const { box, width, height } = r;
  const cx = box.x + box.width / 2 - width / 2;
  const cy = box.y + box.height / 2 - height / 2;
  switch (position) {
    case 'top':
      return { x: cx, y: box.y - height - GAP, width, height };
    case 'bottom':
      return { x: cx, y: box.y + box.height + GAP, width, height };
    case 'left':
      return { x: box.x - width - GAP, y: cy, width, height };
    case 'right':
      return { x: box.x + box.width + GAP, y: cy, width, height };
    default:
      return { x: cx, y: cy, width, height };
  }
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, bounds: { width: number; height: number }) => a.x >= 0 && a.y >= 0 && a.x + a.width <= bounds.width && a.y + a.height <= bounds.height;

/**
 * Where each always-visible tooltip goes: its configured side when that is free, else the first of
 * bottom, top, right, left, centre that stays in the plan and covers neither a tooltip already
 * placed nor an obstacle (the names written on the plan); failing that, the first side clear of
 * other tooltips; failing that, its configured side. Always pulled back inside the plan.
 */
export function placeTooltips(requests: TooltipRequest[], bounds: { width: number; height: number }, obstacles: Box[] = []): Map<string, Box> {
  const placed = new Map<string, Box>();
  for (const r of requests) {
    const order = [r.preferred, ...FALLBACKS.filter((p) => p !== r.preferred)];
    const rects = order.map((p) => rectAt(r, p)).filter((rect) => inside(rect, bounds));
    const clearOfTips = (rect: Box) => ![...placed.values()].some((o) => overlaps(rect, o));
    const chosen = rects.find((rect) => clearOfTips(rect) && !obstacles.some((o) => overlaps(rect, o))) ?? rects.find(clearOfTips) ?? rectAt(r, r.preferred);
    placed.set(r.key, {
      ...chosen,
      x: Math.min(Math.max(0, chosen.x), Math.max(0, bounds.width - chosen.width)),
      y: Math.min(Math.max(0, chosen.y), Math.max(0, bounds.height - chosen.height)),
    });
  }
  return placed;
}
