import { Box } from '@mantine/core';
import type { Widget } from '@sitelens/domain';
import type { WidgetContext } from './core/widgetContext.ts';
import { WidgetView } from './WidgetView.tsx';

/** Types that need the page's full width; the others sit two per row from 1200 px. */
const FULL_WIDTH = new Set(['kpis', 'mapView', 'table', 'alertLogsTable', 'heatmap', 'barChart', 'webChart', 'zones']);

/** A page's widgets in their order. */
export function WidgetGrid({ widgets, context }: { widgets: Widget[]; context: WidgetContext }) {
  const ordered = [...widgets].sort((a, b) => a.order - b.order || a.id - b.id);
  return (
    <Box data-tutorial="widgets" style={{ display: 'grid', gap: 'var(--mantine-spacing-lg)', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 520px), 1fr))' }}>
      {ordered.map((widget) => (
        <Box key={widget.id} style={FULL_WIDTH.has(widget.type) ? { gridColumn: '1 / -1' } : undefined} miw={0}>
          <WidgetView widget={widget} context={context} />
        </Box>
      ))}
    </Box>
  );
}
