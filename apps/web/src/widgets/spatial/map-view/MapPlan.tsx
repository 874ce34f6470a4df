import { type KeyboardEvent, type Ref, useLayoutEffect, useRef, useState } from 'react';
import type { MapElement, MapTooltipMode, MapViewConfig } from '@sitelens/domain';
import { type ElementColour, readableTextColour } from './mapColours.ts';
import { elementBox, placeTooltips } from './mapGeometry.ts';
import { elementKey } from './mapViewOptions.ts';
import { type TooltipContent, tooltipPosition } from './mapTooltip.ts';
import { MapTooltipCard } from './MapTooltipCard.tsx';
import { CHAR_WIDTH, LINE_HEIGHT, planLabelLines } from './planLabel.ts';
import classes from './MapView.module.css';

export interface PlanElement {
  element: MapElement;
  key: string;
  label: string;
  colour?: ElementColour;
  tooltip?: TooltipContent;
  accessibleName: string;
}

export interface MapPlanProps {
  config: MapViewConfig;
  /** The elements of the shown view, interactive; the rest of the plan is drawn as scenery. */
  active: PlanElement[];
  tooltipMode: MapTooltipMode;
  /** Hovered, focused or picked: their tooltips show in hover mode. */
  shown: ReadonlySet<string>;
  picked: string | null;
  onPick: (key: string) => void;
  onShow: (key: string, on: boolean) => void;
  title: string;
  /** The plan's SVG, which the PNG export draws. */
  svgRef?: Ref<SVGSVGElement>;
}

const MIN_LABEL = { width: 80, height: 28 };

function Shape({ element, fill, ...rest }: { element: MapElement; fill: string } & Record<string, unknown>) {
  const common = {
    fill,
    stroke: element.strokeColor ?? '#475569',
    strokeWidth: element.strokeWidth ?? 1,
    opacity: element.opacity,
    ...rest,
  };
  if (element.path) return <path d={element.path} {...common} />;
  return <rect x={element.x ?? 0} y={element.y ?? 0} width={element.width} height={element.height} rx={3} {...common} />;
}

/** The floor plan in SVG: layers, backgrounds, every element, the active ones coloured and focusable, and their tooltips. */
export function MapPlan({ config, active, tooltipMode, shown, picked, onPick, onShow, title, svgRef }: MapPlanProps) {
  const byKey = new Map(active.map((a) => [a.key, a]));
  const { maxWidth: width, height } = config;
  const onKey = (key: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick(key);
    }
  };
  const tooltips = active.filter((a) => a.tooltip && (tooltipMode === 'always' || shown.has(a.key) || picked === a.key));
  const container = useRef<HTMLDivElement>(null);
  const cards = useRef(new Map<string, HTMLDivElement>());
  const [planWidth, setPlanWidth] = useState(0);
  const [sizes, setSizes] = useState<ReadonlyMap<string, { width: number; height: number }>>(new Map());

  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    setPlanWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setPlanWidth(entry?.contentRect.width ?? el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // Tooltips are measured once drawn, then placed so that none covers another (placeTooltips).
  const signature = tooltips.map((a) => `${a.key}:${a.accessibleName}`).join('|');
  useLayoutEffect(() => {
    setSizes((prev) => {
      let changed = false;
      const next = new Map(prev);
      for (const [key, card] of cards.current) {
        const size = { width: card.offsetWidth, height: card.offsetHeight };
        const old = prev.get(key);
        if (!old || old.width !== size.width || old.height !== size.height) {
          next.set(key, size);
          changed = true;
        }
      }
      return changed ? next : prev;
    });
  }, [signature, planWidth]);

  const scale = planWidth > 0 && width > 0 ? planWidth / width : 1;
  // The names written on the plan, which tooltips avoid covering.
  const labels = config.elements.flatMap((element) => {
    const box = elementBox(element);
    const key = elementKey(element);
    const label = (key ? byKey.get(key)?.label : undefined) ?? element.name;
    if (!box || element.path || !label || box.width < MIN_LABEL.width || box.height < MIN_LABEL.height) return [];
    const lines = planLabelLines(label, box);
    const longest = Math.max(...lines.map((l) => l.length));
    return [{ x: (box.x + 6) * scale, y: (box.y + 4) * scale, width: (longest * CHAR_WIDTH + 4) * scale, height: (20 + (lines.length - 1) * LINE_HEIGHT) * scale }];
  });
  const placed = placeTooltips(
    tooltips.flatMap((a) => {
      const box = elementBox(a.element);
      if (!box) return [];
      const size = sizes.get(a.key) ?? { width: 160, height: 44 };
      return [{ key: a.key, box: { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale }, preferred: tooltipPosition(a.element), ...size }];
    }),
    { width: planWidth || width, height: (planWidth || width) * (height / (width || 1)) },
    labels,
  );

  return (
    <div ref={container} className={classes.plan} dir="ltr" style={{ maxWidth: width > 0 ? Math.max(width, 600) : undefined }} data-testid="map-plan">
      <svg ref={svgRef} viewBox={`0 0 ${width} ${height}`} role="group" aria-label={title}>
        {config.layers.map((layer, i) =>
          layer.url ? (
            <image key={i} href={layer.url} x={0} y={0} width={width} height={height} preserveAspectRatio="xMidYMid meet" aria-hidden="true" />
          ) : (
            <rect key={i} x={0} y={0} width={width} height={height} fill={layer.backgroundColor ?? 'transparent'} aria-hidden="true" />
          ),
        )}
        {(config.backgrounds ?? []).map((b, i) => (
          <Shape key={`bg${i}`} element={b} fill={b.backgroundColor ?? 'transparent'} aria-hidden="true" />
        ))}
        {config.elements.map((element, i) => {
          const key = elementKey(element);
          const item = key ? byKey.get(key) : undefined;
          const fill = item?.colour?.fill ?? element.backgroundColor ?? '#FFFFFF';
          const box = elementBox(element);
          const showLabel = box && !element.path && box.width >= MIN_LABEL.width && box.height >= MIN_LABEL.height;
          const label = item?.label ?? element.name;
          return (
            <g key={i}>
              {item ? (
                <Shape
                  element={element}
                  fill={fill}
                  className={classes.element}
                  role="button"
                  tabIndex={0}
                  aria-label={item.accessibleName}
                  aria-pressed={picked === item.key}
                  data-testid="map-element"
                  data-key={item.key}
                  data-value={item.colour?.value ?? ''}
                  data-fill={fill}
                  onClick={() => onPick(item.key)}
                  onKeyDown={onKey(item.key)}
                  onMouseEnter={() => onShow(item.key, true)}
                  onMouseLeave={() => onShow(item.key, false)}
                  onFocus={() => onShow(item.key, true)}
                  onBlur={() => onShow(item.key, false)}
                />
              ) : (
                <Shape element={element} fill={fill} aria-hidden="true" />
              )}
              {showLabel && label && (
                <text x={box.x + 8} y={box.y + 20} fontSize={15} fill={readableTextColour(fill, element.textColor)} className={classes.label} aria-hidden="true">
                  {planLabelLines(label, box).map((line, i) => (
                    <tspan key={i} x={box.x + 8} dy={i === 0 ? 0 : LINE_HEIGHT}>
                      {line}
                    </tspan>
                  ))}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {tooltips.map((a) => {
        const spot = placed.get(a.key);
        if (!spot || !a.tooltip) return null;
        return (
          <MapTooltipCard
            key={a.key}
            content={a.tooltip}
            left={spot.x}
            top={spot.y}
            fontSize={a.element.tooltip?.fontSize}
            cardRef={(el) => {
              if (el) cards.current.set(a.key, el);
              else cards.current.delete(a.key);
            }}
          />
        );
      })}
    </div>
  );
}
