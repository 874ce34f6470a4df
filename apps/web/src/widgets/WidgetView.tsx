import { useMemo } from 'react';
import type { Widget } from '@sitelens/domain';
import { GenericWidget } from './core/GenericWidget.tsx';
import { UnknownWidget } from './core/UnknownWidget.tsx';
import type { WidgetContext } from './core/widgetContext.ts';
import { WidgetFrameInfoContext, frameInfo } from './core/zoneNote.ts';
import { genericRenderers, wrappedWidgets } from './registry.ts';

/** One widget of a page: KPI, map view, alert log and heatmap in their wrapper, the rest through the generic widget. */
export function WidgetView({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const info = useMemo(() => frameInfo(widget, context), [widget, context]);
  return (
    <WidgetFrameInfoContext.Provider value={info}>
      <WidgetBody widget={widget} context={context} />
    </WidgetFrameInfoContext.Provider>
  );
}

function WidgetBody({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const type = widget.type as keyof typeof genericRenderers;
  const Wrapped = wrappedWidgets[type];
  if (Wrapped) return <Wrapped widget={widget} context={context} />;
  const renderer = genericRenderers[type];
  if (renderer) return <GenericWidget widget={widget} context={context} renderer={renderer} />;
  return <UnknownWidget widget={widget} />;
}
