import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Widget } from '@sitelens/domain';
import type { WidgetContext } from './core/widgetContext.ts';
import { gridColumns, gridSpans, widgetMinHeight } from './gridLayout.ts';
import { WidgetView } from './WidgetView.tsx';

/** Gap between widgets (Mantine's lg spacing). */
const GAP = 24;

/** A page's widgets in their order, in full rows: each widget's width from its layout, type and neighbours (gridSpans), its height from its layout. */
export function WidgetGrid({ widgets, context }: { widgets: Widget[]; context: WidgetContext }) {
  const { ref, width } = useElementSize();
  const ordered = [...widgets].sort((a, b) => a.order - b.order || a.id - b.id);
  const columns = gridColumns(width, GAP);
  const spans = gridSpans(ordered, columns);
  return (
    <Box ref={ref} data-tutorial="widgets" data-testid="widget-grid" data-columns={columns} style={{ display: 'grid', gap: GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {ordered.map((widget, i) => (
        <Box key={widget.id} style={{ gridColumn: `span ${spans[i]}`, display: 'flex', flexDirection: 'column', minHeight: widgetMinHeight(widget.layout) }} miw={0}>
          <WidgetView widget={widget} context={context} />
        </Box>
      ))}
    </Box>
  );
}
