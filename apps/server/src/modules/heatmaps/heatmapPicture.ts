export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A room of the plan in picture pixels, with how many people it drew that day. */
export interface HeatSpot extends Rect {
  weight: number;
}

export interface HeatmapScene {
  width: number;
  height: number;
  spots: HeatSpot[];
  /** Outlines drawn over the field: the building, its floors, its rooms. The first one bounds the field. */
  walls: Rect[];
  /** 0..1: how busy the day was against the site's busiest; scales the whole field. */
  intensity: number;
}

const FLOOR: [number, number, number] = [241, 245, 249];
const WALL: [number, number, number] = [71, 85, 105];
// Blue, cyan, green, yellow, red: the usual heatmap ramp.
const RAMP: Array<[number, number, number]> = [
  [37, 99, 235],
  [6, 182, 212],
  [34, 197, 94],
  [250, 204, 21],
  [220, 38, 38],
];

function ramp(t: number): [number, number, number] {
  const s = Math.min(0.9999, Math.max(0, t)) * (RAMP.length - 1);
  const i = Math.floor(s);
  const f = s - i;
  const [a, b] = [RAMP[i]!, RAMP[i + 1]!];
  return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f];
}

/**
 * A floor-plan-like picture: rooms outlined on a light floor, under a colour density field of
 * Gaussian blobs, one per room, as strong as its share of the day's footfall. RGB bytes.
 */
export function renderHeatmap(scene: HeatmapScene): Uint8Array {
  const { width, height, spots, intensity } = scene;
  const rgb = new Uint8Array(width * height * 3);
  const field = new Float32Array(width * height);
  const strongest = Math.max(1e-9, ...spots.map((s) => s.weight));
  for (const s of spots) {
    const cx = s.x + s.width / 2;
    const cy = s.y + s.height / 2;
    const sx = Math.max(4, s.width / 3);
    const sy = Math.max(4, s.height / 3);
    const w = s.weight / strongest;
    const x0 = Math.max(0, Math.floor(cx - 3 * sx));
    const x1 = Math.min(width, Math.ceil(cx + 3 * sx));
    const y0 = Math.max(0, Math.floor(cy - 3 * sy));
    const y1 = Math.min(height, Math.ceil(cy + 3 * sy));
    for (let y = y0; y < y1; y++) {
      const dy = (y - cy) / sy;
      for (let x = x0; x < x1; x++) {
        const dx = (x - cx) / sx;
        field[y * width + x]! += w * Math.exp(-0.5 * (dx * dx + dy * dy));
      }
    }
  }
  const bounds = scene.walls[0] ?? { x: 0, y: 0, width, height };
  const inside = (i: number) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    return x >= bounds.x && x <= bounds.x + bounds.width && y >= bounds.y && y <= bounds.y + bounds.height;
  };
  for (let i = 0; i < width * height; i++) {
    const v = inside(i) ? Math.min(1, field[i]! * intensity) : 0;
    const alpha = v < 0.04 ? 0 : Math.min(0.8, 0.25 + v * 0.6);
    const [r, g, b] = ramp(v);
    rgb[i * 3] = FLOOR[0] + (r - FLOOR[0]) * alpha;
    rgb[i * 3 + 1] = FLOOR[1] + (g - FLOOR[1]) * alpha;
    rgb[i * 3 + 2] = FLOOR[2] + (b - FLOOR[2]) * alpha;
  }
  for (const wall of scene.walls) outline(rgb, width, height, wall);
  return rgb;
}

function outline(rgb: Uint8Array, width: number, height: number, s: Rect): void {
  const paint = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    rgb.set(WALL, (y * width + x) * 3);
  };
  const [x0, y0, x1, y1] = [Math.round(s.x), Math.round(s.y), Math.round(s.x + s.width), Math.round(s.y + s.height)];
  for (let x = x0; x <= x1; x++) {
    paint(x, y0);
    paint(x, y1);
  }
  for (let y = y0; y <= y1; y++) {
    paint(x0, y);
    paint(x1, y);
  }
}
