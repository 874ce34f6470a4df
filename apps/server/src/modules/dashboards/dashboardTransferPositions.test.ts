import { describe, expect, it } from 'vitest';
import { dashboardModel } from './dashboardModel.ts';
import { lineColumn, parseJsonWithPositions, schemaErrors } from './dashboardTransferPositions.ts';

const file = (metric: string) =>
  JSON.stringify({ format: 'sitelens.dashboard', formatVersion: 1, name: 'Board', pages: [{ name: 'P', widgets: [{ type: 'kpis', title: 'K', metrics: [{ type: metric }] }] }] }, null, 2);

describe('imported file positions', () => {
  it.each([
    ['a', 0, { line: 1, column: 1 }],
    ['ab\ncd', 4, { line: 2, column: 2 }],
    ['ab\n\ncd', 5, { line: 3, column: 2 }],
  ])('%j offset %i is %j', (text, offset, expected) => expect(lineColumn(text, offset)).toEqual(expected));

  it('names the line and column of a syntax error', () => {
    const { errors } = parseJsonWithPositions('{\n  "name": "x",\n  "pages": [,]\n}');
    expect(errors[0]).toMatchObject({ line: 3, column: 13, message: 'dashboardTransfer.errors.syntax' });
  });

  it('refuses comments, trailing commas and an empty file', () => {
    expect(parseJsonWithPositions('{"a": 1, // no\n}').errors.length).toBeGreaterThan(0);
    expect(parseJsonWithPositions('{"a": 1,}').errors.length).toBeGreaterThan(0);
    expect(parseJsonWithPositions('  ').errors).toHaveLength(1);
  });

  it('maps a schema error to the line of the offending value', () => {
    const text = file('notAMetric');
    const { root, value } = parseJsonWithPositions(text);
    const { errors } = schemaErrors(dashboardModel, text, root!, value);
    const line = text.split('\n').findIndex((l) => l.includes('notAMetric')) + 1;
    expect(errors).toEqual([{ line, column: expect.any(Number), path: 'pages.0.widgets.0.metrics.0.type', message: 'dashboardTransfer.errors.unknownMetric' }]);
  });

  it('points a missing field at its object, and a wrong one at its value', () => {
    // No name (its object, line 1), and pages that are not a list (line 4); an empty list is a blank dashboard.
    const text = '{\n  "format": "sitelens.dashboard",\n  "formatVersion": 1,\n  "pages": {}\n}';
    const { root, value } = parseJsonWithPositions(text);
    const { errors } = schemaErrors(dashboardModel, text, root!, value);
    expect(errors.map((e) => [e.path, e.line])).toEqual([
      ['name', 1],
      ['pages', 4],
    ]);
  });
});
