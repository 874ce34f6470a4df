import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Widget, WidgetLayout } from '@sitelens/domain';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetContext } from '../../../../widgets/core/widgetContext.ts';
import { WidgetView } from '../../../../widgets/WidgetView.tsx';
import { SizeMenu } from './SizeMenu.tsx';

export interface WidgetEditFrameProps {
  id: string;
  widget: Widget;
  context: WidgetContext;
  span: number;
  minHeight: number | undefined;
  selected: boolean;
  /** Picked up by keyboard, being moved. */
  moving: boolean;
  /** Its place (0-based) among `count` widgets of the page. */
  place: { index: number; count: number };
  onSelect: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onResize: (layout: WidgetLayout) => void;
  onMoveBy: (step: -1 | 1) => void;
  onHandleKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onHandleBlur: () => void;
}

/** One widget of the editor's grid, live, under a bar of its edit actions: move (handle), edit, size, duplicate, delete. */
export function WidgetEditFrame(props: WidgetEditFrameProps) {
  const { id, widget, context, span, minHeight, selected, moving, place, onSelect, onDuplicate, onDelete, onResize, onMoveBy, onHandleKeyDown, onHandleBlur } = props;
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, attributes: { roleDescription: t('dashboardEditor.widget.roleDescription') } });
  const title = widget.title;
  // The side panel closed (Close, Escape) and its focus went with it: focus comes back to this Edit button.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasSelected = useRef(selected);
  useEffect(() => {
    if (wasSelected.current && !selected && document.activeElement === document.body) editButton.current?.focus();
    wasSelected.current = selected;
  }, [selected]);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p={4}
      data-testid="editor-widget"
      data-widget-title={title}
      data-widget-id={widget.id}
      data-selected={selected || undefined}
      data-moving={moving || undefined}
      miw={0}
      style={{
        gridColumn: `span ${span}`,
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        outline: moving ? '3px dashed var(--mantine-primary-color-filled)' : selected ? '2px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: moving ? 2 : undefined,
        boxShadow: moving ? 'var(--mantine-shadow-lg)' : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Group gap={4} wrap="nowrap" justify="space-between" px={4}>
        <Group gap={4} wrap="nowrap" miw={0}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={t('dashboardEditor.widget.move', { title })}
            data-testid="editor-widget-handle"
            {...attributes}
            {...listeners}
            aria-pressed={moving || isDragging || undefined}
            onKeyDown={onHandleKeyDown}
            onBlur={onHandleBlur}
          >
            <IconGripVertical size={16} aria-hidden="true" />
          </ActionIcon>
          <Text size="sm" fw={500} truncate>
            {title}
          </Text>
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={t('dashboardEditor.widget.edit')}>
            <ActionIcon ref={editButton} variant={selected ? 'light' : 'subtle'} aria-label={t('dashboardEditor.widget.editNamed', { title })} aria-pressed={selected} onClick={onSelect} data-testid="editor-widget-edit">
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <SizeMenu title={title} layout={widget.layout} place={place} onResize={onResize} onMoveBy={onMoveBy} />
          <Tooltip label={t('dashboardEditor.widget.duplicate')}>
            <ActionIcon variant="subtle" aria-label={t('dashboardEditor.widget.duplicateNamed', { title })} onClick={onDuplicate}>
              <IconCopy size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('dashboardEditor.widget.delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('dashboardEditor.widget.deleteNamed', { title })} onClick={onDelete}>
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight }} miw={0}>
        <WidgetView widget={widget} context={context} />
      </Box>
    </Paper>
  );
}
