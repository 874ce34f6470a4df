import { useId, useMemo } from 'react';
import { Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LtrValue } from '../../shared/bidi/LtrValue.tsx';

type Cell = string | number | null;

interface WidgetDataTableProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The widget's sheet: a header row, then one row per time bucket or item (what its CSV holds). */
  rows: ReadonlyArray<ReadonlyArray<Cell>> | null;
}

/**
 * A widget's figures as a table, for readers a drawing does not reach (a screen reader, the keyboard,
 * a reader who wants the exact values): the figures of its CSV, headed by its columns, each row
 * named by its time or item, numbers in the interface's language.
 */
export function WidgetDataTable({ opened, onClose, title, rows }: WidgetDataTableProps) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const number = useMemo(() => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 }), [i18n.language]);
  const [header, ...body] = rows ?? [];
  const text = (cell: Cell) => (cell === null || cell === '' ? '-' : typeof cell === 'number' ? number.format(cell) : cell);
  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={t('widgetFrame.table.title', { title })} scrollAreaComponent={ScrollArea.Autosize} closeButtonProps={{ 'aria-label': t('widgetFrame.table.close') }}>
      {!header || body.length === 0 ? (
        <Text c="dimmed">{t('widgets.empty')}</Text>
      ) : (
        <Table striped stickyHeader withTableBorder aria-label={title} aria-describedby={captionId} data-testid="widget-data-table">
          <caption id={captionId} style={{ captionSide: 'top', textAlign: 'start' }}>
            <Text size="sm" c="dimmed" span>
              {t('widgetFrame.table.caption', { title, count: body.length })}
            </Text>
          </caption>
          <Table.Thead>
            <Table.Tr>
              {header.map((cell, i) => (
                <Table.Th key={i} scope="col" ta={i === 0 ? 'start' : 'end'}>
                  {text(cell)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {body.map((row, r) => (
              <Table.Tr key={r}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <Table.Th key={i} scope="row" fw={400}>
                      <LtrValue>{text(cell)}</LtrValue>
                    </Table.Th>
                  ) : (
                    <Table.Td key={i} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {text(cell)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}
