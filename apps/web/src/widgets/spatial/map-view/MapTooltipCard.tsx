import type { CSSProperties } from 'react';
import type { MapTooltipPosition } from '@sitelens/domain';
import { METRIC_ICONS } from '../shared/metricIcons.ts';
import type { TooltipContent } from './mapTooltip.ts';
import classes from './MapView.module.css';

const PLACEMENT: Record<MapTooltipPosition, string> = {
  center: 'translate(-50%, -50%)',
  top: 'translate(-50%, calc(-100% - 6px))',
  bottom: 'translate(-50%, 6px)',
  left: 'translate(calc(-100% - 6px), -50%)',
  right: 'translate(6px, -50%)',
};

/** An element's tooltip, placed over the plan at a point given in percent of the plan's size. */
export function MapTooltipCard({ content, left, top, position, fontSize }: { content: TooltipContent; left: number; top: number; position: MapTooltipPosition; fontSize?: number }) {
  const style: CSSProperties = {
    left: `${left}%`,
    top: `${top}%`,
    transform: PLACEMENT[position],
    background: content.background,
    color: content.color,
    fontSize: fontSize ? `${Math.max(11, Math.min(fontSize, 16))}px` : undefined,
  };
  return (
    <div className={classes.tooltip} style={style} dir="auto" aria-hidden="true" data-testid="map-tooltip">
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
