import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, NavLink } from '@mantine/core';
import { IconGripVertical, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { parseAppPath } from '@sitelens/domain';
import type { Pin } from '../graphql/pins.ts';
import { samePinUrl } from '../pinUrl.ts';

/** One bookmark of the sidebar: a drag handle (mouse or keyboard), the link, and rename. */
export function SortablePin({ pin, onEdit }: { pin: Pin; onEdit: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: pin.id });
  // Only app paths are followed; anything else stored is shown but not linked.
  const to = parseAppPath(pin.url) ? pin.url : '#';
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }} data-testid="pin-item">
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          size="sm"
          color="gray"
          aria-label={t('pins.sidebar.move', { title: pin.title })}
          data-testid="pin-handle"
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} aria-hidden="true" />
        </ActionIcon>
        <NavLink
          component={Link}
          to={to}
          label={pin.title}
          active={samePinUrl(pin.url, `${location.pathname}${location.search}`)}
          style={{ flex: 1, minWidth: 0 }}
          py={4}
          data-testid="pin-link"
          data-pin-link
        />
        <ActionIcon variant="subtle" size="sm" color="gray" aria-label={t('pins.sidebar.rename', { title: pin.title })} onClick={onEdit} data-testid="pin-edit">
          <IconPencil size={14} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </li>
  );
}
