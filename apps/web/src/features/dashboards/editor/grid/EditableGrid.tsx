import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Widget, WidgetLayout } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import type { WidgetContext } from '../../../../widgets/core/widgetContext.ts';
import { gridColumns, gridSpans, widgetMinHeight } from '../../../../widgets/gridLayout.ts';
import { useDndAnnouncements } from './useDndAnnouncements.ts';
import { WidgetEditFrame } from './WidgetEditFrame.tsx';

const GAP = 24;
export const sortableId = (widgetId: number) => `widget-${widgetId}`;

export interface EditableGridProps {
  widgets: Widget[];
  context: WidgetContext;
  selectedId: number | null;
  onSelect: (widgetId: number) => void;
  onDuplicate: (widgetId: number) => void;
  onDelete: (widgetId: number) => void;
  onMove: (widgetId: number, toIndex: number) => void;
  onResize: (widgetId: number, layout: WidgetLayout) => void;
}

/**
 * The page grid in edit mode: the same spans and heights as WidgetGrid (the draft shows as the page
 * will), each widget in an edit frame, moved by mouse or keyboard (Space, arrows, Space) with
 * spoken announcements. Arrow keys follow the widgets' places on screen, so they go the visible
 * way in right-to-left too.
 */
export function EditableGrid({ widgets, context, selectedId, onSelect, onDuplicate, onDelete, onMove, onResize }: EditableGridProps) {
  const { t } = useTranslation();
  const { ref, width } = useElementSize();
  const columns = gridColumns(width, GAP);
  const spans = gridSpans(widgets, columns);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements = useDndAnnouncements(widgets);
  const ids = widgets.map((w) => sortableId(w.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = widgets.find((w) => sortableId(w.id) === active.id);
    if (moved) onMove(moved.id, ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dashboardEditor.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <Box ref={ref} data-testid="editor-grid" data-columns={columns} style={{ display: 'grid', gap: GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {widgets.map((widget, i) => (
            <WidgetEditFrame
              key={widget.id}
              id={sortableId(widget.id)}
              widget={widget}
              context={context}
              span={spans[i]!}
              minHeight={widgetMinHeight(widget.layout)}
              selected={selectedId === widget.id}
              onSelect={() => onSelect(widget.id)}
              onDuplicate={() => onDuplicate(widget.id)}
              onDelete={() => onDelete(widget.id)}
              onResize={(layout) => onResize(widget.id, layout)}
            />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
