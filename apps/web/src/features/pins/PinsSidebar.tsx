import { useEffect, useState } from 'react';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Collapse, Stack, UnstyledButton, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PinNameModal } from './components/PinNameModal.tsx';
import { SortablePin } from './components/SortablePin.tsx';
import type { Pin } from './graphql/pins.ts';
import { usePins } from './hooks/usePins.ts';
import { useFocusAfterRemoval } from '../../shared/layout/useFocusAfterRemoval.ts';

/** Spec 002 §2: the list shows when there is more than one pin. */
export const MIN_PINS_SHOWN = 2;
const COLLAPSED_KEY = 'sitelens.pinsCollapsed';

/** The folded state is a nicety: storage that is full or denied only makes it forgotten. */
function remembered(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function remember(collapsed: boolean): void {
  try {
    window.localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  } catch {
    // Not remembered.
  }
}

/**
 * The bookmarks of the analytics sidebar (spec 002 §2): collapsible, drag-sortable with the mouse
 * or the keyboard (Space to lift, arrows to move, Space to drop), renameable, with delete.
 */
export function PinsSidebar() {
  const { t } = useTranslation();
  const { pins, rename, remove, reorder } = usePins();
  const [order, setOrder] = useState<number[]>([]);
  const [collapsed, setCollapsed] = useState(remembered);
  const [editing, setEditing] = useState<Pin | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const serverOrder = pins.map((p) => p.id).join(',');
  useEffect(() => setOrder(serverOrder ? serverOrder.split(',').map(Number) : []), [serverOrder]);
  // A deleted bookmark takes its rename button, where the modal would give the focus back, with it:
  // the keyboard goes on from the bookmark now in its place (or the one before), or from the page's
  // pin button once the list is hidden.
  const focus = useFocusAfterRemoval<HTMLElement>(pins.length, '[data-pin-link]', () => document.querySelector<HTMLElement>('[data-testid="pin-button"]'));

  if (pins.length < MIN_PINS_SHOWN) return null;
  const byId = new Map(pins.map((p) => [p.id, p]));
  const ordered = order.map((id) => byId.get(id)).filter((p): p is Pin => Boolean(p));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id)));
    setOrder(next);
    void reorder(next);
  };
  const toggle = () => {
    remember(!collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <nav ref={focus.root} aria-label={t('pins.sidebar.title')} data-testid="pins-sidebar">
      <UnstyledButton onClick={toggle} aria-expanded={!collapsed} w="100%" py={4} data-testid="pins-toggle">
        <Group gap={4}>
          {collapsed ? <IconChevronRight size={14} aria-hidden="true" /> : <IconChevronDown size={14} aria-hidden="true" />}
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {t('pins.sidebar.title')}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={!collapsed}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {ordered.map((pin) => (
                <SortablePin key={pin.id} pin={pin} onEdit={() => setEditing(pin)} />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      </Collapse>
      <PinNameModal
        opened={editing !== null}
        initialTitle={editing?.title ?? ''}
        editing
        onClose={() => setEditing(null)}
        onSave={(title) => {
          if (editing) void rename(editing, title);
          setEditing(null);
        }}
        onDelete={() => {
          if (editing) {
            focus.removing(order.indexOf(editing.id));
            void remove(editing);
          }
          setEditing(null);
        }}
      />
    </nav>
  );
}
