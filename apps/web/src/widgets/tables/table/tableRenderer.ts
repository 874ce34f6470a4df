import { visibleTableHeight } from '@sitelens/domain';
import type { ChartRenderer } from '../../core/rendererTypes.ts';
import { buildTableModel } from './tableModel.ts';
import { TableWidget } from './TableWidget.tsx';

/** The table type through the generic widget: height 69 x rows + 100 for up to 8 rows, then it scrolls. */
export const tableRenderer: ChartRenderer = {
  Component: TableWidget,
  skeleton: 'table',
  height: (widget, results) => visibleTableHeight(results.length ? buildTableModel(results, widget.headers).rows.length : 8),
  csv: (widget, results) => {
    const model = buildTableModel(results, widget.headers);
    const header = [model.labelHeader ?? '', ...model.columns.map((c) => c.header ?? [c.metric, c.seriesLabel].filter(Boolean).join(' '))];
    const label = (row: (typeof model.rows)[number]) => (row.label.kind === 'series' ? row.label.text : row.label.kind === 'time' ? row.label.t : row.label.key);
    return [header, ...model.rows.map((row) => [label(row), ...row.cells])];
  },
};
