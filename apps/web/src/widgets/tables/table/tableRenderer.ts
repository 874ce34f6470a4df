import { visibleTableHeight } from '@sitelens/domain';
import { keyLabel } from '../../charts/categoryLabels.ts';
import { sheetDecimals } from '../../core/evolutionText.ts';
import { columnHeader, sheetTime, sheetValue, withoutEmptyColumns } from '../../core/exportSheet.ts';
import type { ChartRenderer } from '../../core/rendererTypes.ts';
import { buildTableModel } from './tableModel.ts';
import { TableWidget } from './TableWidget.tsx';

/** The table type through the generic widget: height 69 x rows + 100 for up to 8 rows, then it scrolls. */
export const tableRenderer: ChartRenderer = {
  Component: TableWidget,
  skeleton: 'table',
  height: (widget, results) => visibleTableHeight(results.length ? buildTableModel(results, widget.headers).rows.length : 8),
  // The table as the reader sees it: named columns with units, names, site times in their date format.
  csv: (widget, results, { env, headers }) => {
    const model = buildTableModel(results, widget.headers);
    const granularity = Math.max(0, ...widget.metrics.map((m) => m.groupBy?.granularity ?? m.granularity ?? 0)) || 3600;
    const units = new Map(results.map((r) => [r.metric, r.unit]));
    const times = model.rows.some((row) => row.label.kind === 'time');
    const header = [
      model.labelHeader ?? (times ? headers.time : headers.item),
      ...model.columns.map((c) => c.header ?? columnHeader([env.labels.metricName(c.metric), c.seriesLabel].filter(Boolean).join(' · '), c.metric, units.get(c.metric))),
    ];
    const label = (row: (typeof model.rows)[number]) =>
      row.label.kind === 'series' ? (env.labels.breakdownValue(row.label.text) ?? row.label.text) : row.label.kind === 'time' ? sheetTime(Date.parse(row.label.t), granularity, env) : keyLabel(row.label.key, env.locale, env.labels);
    return withoutEmptyColumns([header, ...model.rows.map((row) => [label(row), ...row.cells.map((v, c) => sheetValue(model.columns[c]!.metric, v, sheetDecimals(widget, model.columns[c]!.metric)))])]);
  },
};
