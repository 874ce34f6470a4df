import type { ReactNode } from 'react';
import type { WidgetThumbnail as ThumbnailId } from '@sitelens/domain';

// Schematic drawings in the theme's colours (CSS variables, so dark mode follows); 64 × 40 units.
const MAIN = { fill: 'var(--mantine-primary-color-filled, #228be6)' };
const SOFT = { fill: 'var(--mantine-color-gray-4, #ced4da)' };
const ACCENT = { fill: 'var(--mantine-color-teal-5, #20c997)' };
const WARN = { fill: 'var(--mantine-color-orange-5, #ff922b)' };
const LINE = { fill: 'none', stroke: 'var(--mantine-primary-color-filled, #228be6)', strokeWidth: 2.5, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const SOFT_LINE = { fill: 'none', stroke: 'var(--mantine-color-gray-4, #ced4da)', strokeWidth: 2 } as const;

const bars = (values: number[], horizontal: boolean) =>
  values.map((v, i) =>
    horizontal ? <rect key={i} x={6} y={5 + i * 8} width={v * 0.52} height={5} rx={1} style={i % 2 ? ACCENT : MAIN} /> : <rect key={i} x={7 + i * 10} y={36 - v * 0.3} width={6} height={v * 0.3} rx={1} style={i % 2 ? ACCENT : MAIN} />,
  );

const grid = (rows: number, cols: number, style: (r: number, c: number) => object) =>
  Array.from({ length: rows * cols }, (_, i) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    return <rect key={i} x={6 + c * (52 / cols)} y={5 + r * (30 / rows)} width={52 / cols - 1.5} height={30 / rows - 1.5} rx={1} style={style(r, c)} />;
  });

const DRAWINGS: Record<ThumbnailId, ReactNode> = {
  line: <><path d="M6 34 H58" style={SOFT_LINE} /><path d="M6 28 L18 18 L28 24 L40 10 L58 16" style={LINE} /></>,
  area: <><path d="M6 34 L6 26 L18 16 L30 22 L42 10 L58 14 L58 34 Z" style={{ ...MAIN, opacity: 0.35 }} /><path d="M6 26 L18 16 L30 22 L42 10 L58 14" style={LINE} /></>,
  columns: <><path d="M4 36 H60" style={SOFT_LINE} />{bars([50, 80, 35, 95, 65], false)}</>,
  bars: bars([90, 60, 75, 35], true),
  grid: grid(3, 6, (r, c) => ((r + c) % 3 === 0 ? MAIN : (r * c) % 2 ? ACCENT : SOFT)),
  heatmap: <><rect x={6} y={5} width={52} height={30} rx={2} style={SOFT} /><circle cx={24} cy={20} r={9} style={{ ...WARN, opacity: 0.7 }} /><circle cx={42} cy={15} r={6} style={{ ...MAIN, opacity: 0.6 }} /></>,
  table: grid(4, 3, (r) => (r === 0 ? MAIN : SOFT)),
  log: <>{[0, 1, 2, 3].map((i) => <g key={i}><circle cx={9} cy={9 + i * 8} r={2.5} style={i === 0 ? WARN : MAIN} /><rect x={15} y={7.5 + i * 8} width={40 - i * 5} height={3} rx={1} style={SOFT} /></g>)}</>,
  pie: <><circle cx={32} cy={20} r={15} style={SOFT} /><path d="M32 20 L32 5 A15 15 0 0 1 46 25 Z" style={MAIN} /><path d="M32 20 L46 25 A15 15 0 0 1 24 33 Z" style={ACCENT} /></>,
  kpis: <>{[0, 1, 2].map((i) => <g key={i}><rect x={4 + i * 19.5} y={8} width={17} height={24} rx={2} style={SOFT} /><rect x={7 + i * 19.5} y={13} width={11} height={5} rx={1} style={MAIN} /><rect x={7 + i * 19.5} y={22} width={7} height={3} rx={1} style={i === 1 ? WARN : ACCENT} /></g>)}</>,
  gauge: <><path d="M12 32 A20 20 0 0 1 52 32" style={{ ...SOFT_LINE, strokeWidth: 6 }} /><path d="M12 32 A20 20 0 0 1 40 13.5" style={{ ...LINE, strokeWidth: 6, strokeLinecap: 'butt' }} /></>,
  progress: <>{[80, 55, 30].map((v, i) => <g key={i}><rect x={6} y={8 + i * 10} width={52} height={5} rx={2.5} style={SOFT} /><rect x={6} y={8 + i * 10} width={v * 0.52} height={5} rx={2.5} style={MAIN} /></g>)}</>,
  radar: <><path d="M32 4 L50 16 L44 36 L20 36 L14 16 Z" style={SOFT_LINE} /><path d="M32 10 L45 18 L38 30 L24 32 L20 18 Z" style={{ ...MAIN, opacity: 0.5 }} /></>,
  map: <><path d="M6 6 H36 V20 H58 V34 H6 Z" style={SOFT} /><rect x={8} y={8} width={12} height={10} style={MAIN} /><rect x={22} y={8} width={12} height={10} style={ACCENT} /><rect x={38} y={22} width={18} height={10} style={WARN} /></>,
  weather: <><circle cx={24} cy={16} r={8} style={WARN} /><path d="M22 32 a7 7 0 0 1 6 -11 a9 9 0 0 1 17 3 a5 5 0 0 1 0 8 Z" style={SOFT} /></>,
  zones: <>{[0, 1, 2].map((i) => <g key={i}><rect x={6} y={6 + i * 10} width={20} height={6} rx={1} style={SOFT} /><rect x={30} y={6 + i * 10} width={16 - i * 4} height={6} rx={1} style={MAIN} /><path d={i === 1 ? `M49 ${7 + i * 10} L57 ${7 + i * 10} L53 ${12 + i * 10} Z` : `M49 ${12 + i * 10} L57 ${12 + i * 10} L53 ${7 + i * 10} Z`} style={i === 1 ? WARN : ACCENT} /></g>)}</>,
};

/** A widget type's schematic drawing; decorative, the card names the type. */
export function WidgetThumbnail({ id }: { id: ThumbnailId }) {
  return (
    <svg viewBox="0 0 64 40" width="100%" height={56} aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid meet">
      {DRAWINGS[id]}
    </svg>
  );
}
