import { useCallback, useMemo, useState } from 'react';
import { ScrollArea, Table, UnstyledButton, useDirection } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TABLE_ROW_HEIGHT } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { useRegisterPng } from '../../core/exportRegistry.ts';
import type { ChartRendererProps } from '../../core/rendererTypes.ts';
import { useDisplayPrefs } from '../shared/useDisplayPrefs.ts';
import { metricName } from '../shared/metricName.ts';
import { rowLabelText, rowsOnOneDay } from './rowLabel.ts';
import { buildTableModel, nextSort, sortTableRows, type TableSort } from './tableModel.ts';
import { tablePng } from './tablePng.ts';
import { useCellText } from './useCellText.ts';

const HOUR = 3600;

/** The table widget (spec 001 §3, §9): 69 px rows, 8 visible before scrolling, sortable columns. */
export function TableWidget({ widget, results, context, live, height }: ChartRendererProps) {
  const { t } = useTranslation();
  const rtl = useDirection().dir === 'rtl';
  const prefs = useDisplayPrefs(context.site.timezone);
  const valueText = useCellText(widget, live);
  const model = useMemo(() => buildTableModel(results, widget.headers), [results, widget.headers]);
  const [sort, setSort] = useState<TableSort | null>(null);
  const rows = useMemo(() => sortTableRows(model.rows, sort), [model.rows, sort]);

  const firstMetric = widget.metrics[0];
  const labelOptions = useMemo(
    () => ({
      ...prefs,
      granularity: firstMetric?.groupBy?.granularity ?? firstMetric?.granularity ?? HOUR,
      oneDay: rowsOnOneDay(model.rows, prefs.tz),
      variant: firstMetric?.groupBy?.variant,
      texts: { total: t('dataWidgets.table.total'), weekday: t('dataWidgets.table.weekdays'), weekend: t('dataWidgets.table.weekend') },
    }),
    [prefs, firstMetric, model.rows, t],
  );
  const labelHeader =
    model.labelHeader ?? (model.layout === 'points' ? t(model.rows[0]?.label.kind === 'time' ? 'dataWidgets.table.time' : 'dataWidgets.table.key') : t('dataWidgets.table.name'));
  const headers = useMemo(() => model.columns.map((c) => c.header ?? [metricName(t, c.metric), c.seriesLabel].filter(Boolean).join(' · ')), [model.columns, t]);
  const texts = useMemo(
    () => rows.map((row) => [rowLabelText(row.label, labelOptions), ...row.cells.map((v, c) => valueText(model.columns[c]!.metric, v))]),
    [rows, labelOptions, valueText, model.columns],
  );

  const snapshot = useCallback(() => tablePng([labelHeader, ...headers], texts, { rtl, rowHeight: 40 }), [labelHeader, headers, texts, rtl]);
  useRegisterPng(snapshot);

  const sortHeader = (column: 'label' | number, text: string, numeric: boolean) => {
    const active = sort?.column === column ? sort.direction : null;
    const Icon = active === 'ascending' ? IconSortAscending : active === 'descending' ? IconSortDescending : IconArrowsSort;
    return (
      <Table.Th key={String(column)} aria-sort={active ?? 'none'} style={{ textAlign: numeric ? 'end' : 'start', whiteSpace: 'nowrap' }}>
        <UnstyledButton onClick={() => setSort((s) => nextSort(s, column))} fw={600} fz="sm" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {text}
          <Icon size={14} aria-hidden="true" color={active ? undefined : 'var(--mantine-color-gray-5)'} />
        </UnstyledButton>
      </Table.Th>
    );
  };

  // A table taller than its widget scrolls: its viewport takes the keyboard focus to scroll by arrow keys.
  return (
    <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
      <Table stickyHeader highlightOnHover verticalSpacing={0} data-testid="data-table" data-rows={rows.length}>
        <Table.Thead>
          <Table.Tr>
            {sortHeader('label', labelHeader, false)}
            {headers.map((h, c) => sortHeader(c, h, true))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => (
            <Table.Tr key={row.id} style={{ height: TABLE_ROW_HEIGHT }}>
              <Table.Th scope="row" fw={500}>
                {texts[r]![0]}
              </Table.Th>
              {texts[r]!.slice(1).map((text, c) => (
                <Table.Td key={model.columns[c]!.id} style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  <LtrValue>{text}</LtrValue>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
