import { closestCenter, DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Box, VisuallyHidden } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import type { Widget, WidgetLayout } from '@sitelens/domain';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetContext } from '../../../../widgets/core/widgetContext.ts';
import { gridColumns, gridSpans, widgetMinHeight } from '../../../../widgets/gridLayout.ts';
import { moveKeyAction, reordered, steppedIndex } from './keyboardMove.ts';
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

/** A widget picked up by keyboard: the place it is shown at until it is dropped (or put back). */
interface KeyboardMove {
  id: number;
  to: number;
}

/**
 * The page grid in edit mode: the same spans and heights as WidgetGrid (the draft shows as the page
 * will), each widget in an edit frame, moved with spoken announcements by mouse (dnd-kit) or by
 * keyboard on its move handle: Space or Enter picks it up, the arrow keys take it one place later or
 * earlier in the page's order (keyboardMove.ts: by place, not by the widgets' very different sizes
 * on screen; left and right mirror in right-to-left), Space or Enter drops it, Escape puts it back.
 * While it is moved the grid is laid out in the order it would get, so what is seen is the page as
 * dropped there, with no gaps.
 */
export function EditableGrid({ widgets, context, selectedId, onSelect, onDuplicate, onDelete, onMove, onResize }: EditableGridProps) {
  const { t } = useTranslation();
  const { ref: sizeRef, width } = useElementSize();
  const gridRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, gridRef);
  const columns = gridColumns(width, GAP);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const announcements = useDndAnnouncements(widgets);
  const [status, setStatus] = useState('');

  const [keyboardMove, setKeyboardMove] = useState<KeyboardMove | null>(null);
  const from = keyboardMove ? widgets.findIndex((w) => w.id === keyboardMove.id) : -1;
  // A widget deleted or replaced meanwhile (a save from elsewhere) ends its move.
  const moving = keyboardMove && from >= 0 ? { ...keyboardMove, from } : null;
  const shown = moving ? reordered(widgets, moving.from, moving.to) : widgets;
  const spans = gridSpans(shown, columns);
  const ids = shown.map((w) => sortableId(w.id));
  const count = widgets.length;
  const movingId = moving?.id;
  const movingTo = moving?.to;
  const movingRef = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    movingRef.current = movingId;
  }, [movingId]);

  // The moved widget's handle keeps the focus (its node moves with each step) and stays in view.
  useLayoutEffect(() => {
    if (movingId === undefined) return;
    const frame = gridRef.current?.querySelector<HTMLElement>(`[data-widget-id="${movingId}"]`);
    const handle = frame?.querySelector<HTMLElement>('[data-testid="editor-widget-handle"]');
    if (!frame || !handle) return;
    if (document.activeElement !== handle) handle.focus({ preventScroll: true });
    // The whole widget when it fits the window, else its bar with the handle.
    const target = frame.getBoundingClientRect().height <= window.innerHeight ? frame : handle;
    target.scrollIntoView?.({ block: 'nearest' });
  }, [movingId, movingTo]);

  const announceMove = (widget: Widget, index: number) => setStatus(t('dashboardEditor.dnd.moved', { title: widget.title, position: index + 1, count }));

  const onHandleKeyDown = (widget: Widget, index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (!moving || moving.id !== widget.id) {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      setKeyboardMove({ id: widget.id, to: index });
      setStatus(t('dashboardEditor.dnd.pickedUpKeys', { title: widget.title, position: index + 1, count }));
      return;
    }
    const action = moveKeyAction(event.key, getComputedStyle(event.currentTarget).direction === 'rtl');
    if (!action) return;
    event.preventDefault();
    // Escape and Enter are the move's here, not the editor's (closing its side panel…).
    event.stopPropagation();
    if (action.kind === 'step') {
      const next = steppedIndex(moving.to, action.step, count);
      if (next === null) {
        setStatus(t(action.step < 0 ? 'dashboardEditor.dnd.atFirst' : 'dashboardEditor.dnd.atLast', { title: widget.title, count }));
        return;
      }
      setKeyboardMove({ id: widget.id, to: next });
      announceMove(widget, next);
      return;
    }
    setKeyboardMove(null);
    if (action.kind === 'cancel') {
      setStatus(t('dashboardEditor.dnd.cancelled', { title: widget.title }));
      return;
    }
    setStatus(t('dashboardEditor.dnd.dropped', { title: widget.title, position: moving.to + 1, count }));
    if (moving.to !== moving.from) onMove(widget.id, moving.to);
  };

  // Focus leaving the handle (Tab, a click elsewhere) puts the widget back. Checked once the
  // focus has settled: the handle's own node moves in the page at each step.
  const onHandleBlur = (widget: Widget) => () => {
    setTimeout(() => {
      if (movingRef.current !== widget.id) return;
      const handle = gridRef.current?.querySelector(`[data-widget-id="${widget.id}"] [data-testid="editor-widget-handle"]`);
      if (handle && document.activeElement === handle) return;
      setKeyboardMove(null);
      setStatus(t('dashboardEditor.dnd.cancelled', { title: widget.title }));
    }, 0);
  };

  const moveBy = (widget: Widget, index: number, step: -1 | 1) => {
    const next = steppedIndex(index, step, count);
    if (next === null) return;
    onMove(widget.id, next);
    announceMove(widget, next);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = widgets.find((w) => sortableId(w.id) === active.id);
    if (moved) onMove(moved.id, ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => setKeyboardMove(null)}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('dashboardEditor.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <Box ref={ref} data-testid="editor-grid" data-columns={columns} style={{ display: 'grid', gap: GAP, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
          {shown.map((widget, i) => (
            <WidgetEditFrame
              key={widget.id}
              id={sortableId(widget.id)}
              widget={widget}
              context={context}
              span={spans[i]!}
              minHeight={widgetMinHeight(widget.layout)}
              selected={selectedId === widget.id}
              moving={moving?.id === widget.id}
              place={{ index: i, count }}
              onSelect={() => onSelect(widget.id)}
              onDuplicate={() => onDuplicate(widget.id)}
              onDelete={() => onDelete(widget.id)}
              onResize={(layout) => onResize(widget.id, layout)}
              onMoveBy={(step) => moveBy(widget, i, step)}
              onHandleKeyDown={onHandleKeyDown(widget, i)}
              onHandleBlur={onHandleBlur(widget)}
            />
          ))}
        </Box>
      </SortableContext>
      {/* What the keyboard move and the menu's moves say (dnd-kit speaks for the mouse). */}
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-testid="editor-move-status">
        {status}
      </VisuallyHidden>
    </DndContext>
  );
}
