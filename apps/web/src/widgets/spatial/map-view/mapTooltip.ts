import { type MapElement, type MapTooltipConfig, type MapTooltipMode, type MapTooltipPosition, type MapViewConfig, type MapViewMetric, formatMetricValue, metricDefinition } from '@sitelens/domain';
import type { ElementColour } from './mapColours.ts';
import type { MapViewOption } from './mapViewOptions.ts';

export interface TooltipLine {
  metric: string;
  /** A @tabler/icons-react icon name, when icons are on. */
  icon?: string;
  label?: string;
  value?: string;
  caption?: string;
}

export interface TooltipContent {
  title?: string;
  lines: TooltipLine[];
  captions: string[];
  background?: string;
  color?: string;
}

export interface TooltipFlags {
  useTitle: boolean;
  useLabel: boolean;
  useUnit: boolean;
  useIcon: boolean;
  useValue: boolean;
  hideCaptions: boolean;
  config: MapTooltipConfig;
}

/** The tooltip configuration in force: the view's, else the map's; every flag defaults to on. */
export function tooltipFlags(config: MapViewConfig, view: MapViewOption, element?: MapElement): TooltipFlags {
  const tc = view.tooltipConfig ?? config.tooltipConfig ?? {};
  const hideMetricsName = view.hideMetricsName ?? config.hideMetricsName ?? false;
  return {
    useTitle: tc.useTitle ?? true,
    useLabel: (tc.useLabel ?? true) && !hideMetricsName,
    useUnit: tc.useUnit ?? true,
    useIcon: tc.useIcon ?? true,
    useValue: tc.useValue ?? true,
    hideCaptions: element?.tooltip?.hideCaptions ?? view.hideTooltipCaptions ?? false,
    config: tc,
  };
}

/** Hover (default) or always visible (spec 001 §4). */
export function tooltipMode(config: MapViewConfig, view: MapViewOption): MapTooltipMode {
  return (view.tooltipConfig ?? config.tooltipConfig)?.mode ?? (config.tooltipAlwaysVisible ? 'always' : 'hover');
}

/** Where the tooltip sits on its element; the centre by default (spec 001 §4). */
export function tooltipPosition(element: MapElement): MapTooltipPosition {
  return element.tooltip?.position ?? element.tooltipPosition ?? 'center';
}

export interface TooltipInput {
  element: MapElement;
  title: string;
  metrics: MapViewMetric[];
  values: Map<string, number | null> | undefined;
  colour: ElementColour | undefined;
  flags: TooltipFlags;
  locale: string;
  metricName: (metric: string) => string;
}

/**
 * What an element's tooltip says: its name, then per metric the icon, the metric's name, the value
 * with its unit and the band's text, each as the flags allow; colours per band level when given.
 */
export function tooltipContent({ element, title, metrics, values, colour, flags, locale, metricName }: TooltipInput): TooltipContent {
  const lines = metrics.map((m, i): TooltipLine => {
    const value = values?.get(m.type) ?? null;
    const line: TooltipLine = { metric: m.type };
    if (flags.useIcon) line.icon = metricDefinition(m.type)?.icon;
    if (flags.useLabel) line.label = m.text ?? metricName(m.type);
    if (flags.useValue) line.value = formatMetricValue(m.type, value, { locale, hideUnit: !flags.useUnit });
    // Only the first metric colours the element, so only its band has a caption.
    if (i === 0 && !flags.hideCaptions && colour?.band?.text) line.caption = colour.band.text;
    return line;
  });
  const level = colour?.bandIndex ?? -1;
  const pick = (own: string | undefined, list: string[] | undefined, shared: string[] | undefined) => own ?? (level >= 0 ? (list?.[level] ?? shared?.[level]) : undefined);
  const content: TooltipContent = {
    lines,
    captions: flags.hideCaptions ? [] : (element.tooltip?.captions ?? []),
  };
  if (flags.useTitle) content.title = title;
  const background = pick(element.tooltip?.background, element.tooltip?.backgroundColors, flags.config.backgroundColors);
  const color = pick(element.tooltip?.color, element.tooltip?.textColors, flags.config.textColors);
  if (background) content.background = background;
  if (color) content.color = color;
  return content;
}

/** The element's accessible name: its title, then each metric's name, value and band as the tooltip gives them. */
export function accessibleName(title: string, content: TooltipContent): string {
  const lines = content.lines.map((l) => [l.label, l.value, l.caption ? `(${l.caption})` : undefined].filter(Boolean).join(' '));
  return [title, ...lines.filter(Boolean)].join(', ');
}
