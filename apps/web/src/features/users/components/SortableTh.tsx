import type { CSSProperties } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { SortDirection, UserSortKey } from '../userListView.ts';

interface Props {
  column: UserSortKey;
  label: string;
  sort: UserSortKey;
  direction: SortDirection;
  onSort: (column: UserSortKey) => void;
  /** The column's width, when it takes a share of the table's. */
  style?: CSSProperties;
}

/** A column heading that sorts the list: a button, with aria-sort on the heading so a screen reader says the order. */
export function SortableTh({ column, label, sort, direction, onSort, style }: Props) {
  const active = sort === column;
  const Icon = !active ? IconArrowsSort : direction === 'ascending' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? direction : undefined} style={style}>
      <UnstyledButton onClick={() => onSort(column)} data-testid={`sort-${column}`} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden="true" opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
