import { type CSSProperties, type Ref } from 'react';
import { METRIC_ICONS } from '../shared/metricIcons.ts';
import type { TooltipContent } from './mapTooltip.ts';
import classes from './MapView.module.css';

/** An element's tooltip, placed over the plan at a pixel position (see placeTooltips). */
export function MapTooltipCard({ content, left, top, fontSize, cardRef }: { content: TooltipContent; left: number; top: number; fontSize?: number; cardRef?: Ref<HTMLDivElement> }) {
  const style: CSSProperties = {
    left,
    top,
    background: content.background,
    color: content.color,
    fontSize: fontSize ? `${Math.max(11, Math.min(fontSize, 16))}px` : undefined,
  };
  return (
    <div ref={cardRef} className={classes.tooltip} style={style} dir="auto" aria-hidden="true" data-testid="map-tooltip">
      {content.title && <div className={classes.tooltipTitle}>{content.title}</div>}
      {content.lines.map((line) => {
        const Icon = line.icon ? METRIC_ICONS[line.icon] : undefined;
        return (
          <div key={line.metric} className={classes.tooltipLine}>
            {Icon && <Icon size={14} aria-hidden="true" />}
            {line.label && <span>{line.label}</span>}
            {line.value && <strong>{line.value}</strong>}
            {line.caption && <span className={classes.tooltipCaption}>{line.caption}</span>}
          </div>
        );
      })}
      {content.captions.map((c) => (
        <div key={c} className={classes.tooltipCaption}>
          {c}
        </div>
      ))}
    </div>
  );
}
