import { describe, expect, it } from 'vitest';
import { widgetEditorDefault } from '@sitelens/domain';
import type { DashboardModel, ModelWidget } from './dashboardModel.ts';
import { type DraftAction, type DraftState, draftReducer, initialDraft, isDirty, toSavedModel } from './draftReducer.ts';

const widget = (id: number, title: string): ModelWidget => ({ ...widgetEditorDefault('lineChart', { families: ['counting'], topZoneId: 7 }, title), id });
const model: DashboardModel = {
  format: 'sitelens.dashboard',
  formatVersion: 1,
  name: 'Monday',
  pages: [
    { id: 1, name: 'Overview', icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [widget(10, 'A'), widget(11, 'B'), widget(12, 'C')] },
    { id: 2, name: 'Zones', icon: 'IconLayoutDashboard', widgetGlobalFilters: [], widgets: [] },
  ],
};

const run = (...actions: DraftAction[]): DraftState => actions.reduce(draftReducer, initialDraft(model));
const titles = (s: DraftState, page = 0) => s.history.present.pages[page]!.widgets.map((w) => w.title);
const ids = (s: DraftState, page = 0) => s.history.present.pages[page]!.widgets.map((w) => w.id);

describe('draftReducer: widgets', () => {
  it('adds a widget at the end with a temporary negative id', () => {
    const s = run({ type: 'addWidget', pageId: 1, widget: widgetEditorDefault('kpis', { families: [], topZoneId: 7 }, 'New') });
    expect(titles(s)).toEqual(['A', 'B', 'C', 'New']);
    expect(ids(s).at(-1)).toBe(-1);
    expect(isDirty(s)).toBe(true);
  });

  it('gives each new widget its own temporary id', () => {
    const add = { type: 'addWidget', pageId: 2, widget: widgetEditorDefault('kpis', { families: [], topZoneId: null }, 'N') } as const;
    expect(ids(run(add, add, add), 1)).toEqual([-1, -2, -3]);
  });

  it('duplicates a widget right after it, as a new one', () => {
    const s = run({ type: 'duplicateWidget', pageId: 1, widgetId: 10 });
    expect(titles(s)).toEqual(['A', 'A', 'B', 'C']);
    expect(ids(s)).toEqual([10, -1, 11, 12]);
  });

  it('deletes a widget', () => {
    expect(titles(run({ type: 'deleteWidget', pageId: 1, widgetId: 11 }))).toEqual(['A', 'C']);
  });

  it.each([
    ['down one place', 10, 1, ['B', 'A', 'C']],
    ['to the end', 10, 2, ['B', 'C', 'A']],
    ['up to the start', 12, 0, ['C', 'A', 'B']],
    ['past the end (clamped)', 11, 9, ['A', 'C', 'B']],
  ])('moves a widget %s', (_, widgetId, toIndex, expected) => {
    expect(titles(run({ type: 'moveWidget', pageId: 1, widgetId, toIndex }))).toEqual(expected);
  });

  it('resizes width and height, and drops the layout when both are auto again', () => {
    const wide = run({ type: 'resizeWidget', pageId: 1, widgetId: 11, layout: { width: 'full' } }, { type: 'resizeWidget', pageId: 1, widgetId: 11, layout: { height: 'large' } });
    expect(wide.history.present.pages[0]!.widgets[1]!.layout).toEqual({ width: 'full', height: 'large' });
    const back = [{ width: 'auto' }, { height: 'auto' }].reduce((s, layout) => draftReducer(s, { type: 'resizeWidget', pageId: 1, widgetId: 11, layout } as DraftAction), wide);
    expect(back.history.present.pages[0]!.widgets[1]!.layout).toBeUndefined();
    expect(isDirty(back)).toBe(false);
  });

  it('replaces a widget as the side panel changed it', () => {
    const s = run({ type: 'replaceWidget', pageId: 1, widget: { ...widget(12, 'Renamed') } });
    expect(titles(s)).toEqual(['A', 'B', 'Renamed']);
  });
});

describe('draftReducer: undo and redo', () => {
  it('undoes and redoes changes in order, and a new change drops the redo', () => {
    const s = run({ type: 'deleteWidget', pageId: 1, widgetId: 10 }, { type: 'deleteWidget', pageId: 1, widgetId: 11 }, { type: 'undo' });
    expect(titles(s)).toEqual(['B', 'C']);
    expect(titles(draftReducer(s, { type: 'redo' }))).toEqual(['C']);
    expect(titles(draftReducer(draftReducer(s, { type: 'undo' }), { type: 'undo' }))).toEqual(['A', 'B', 'C']);
    const branched = draftReducer(s, { type: 'duplicateWidget', pageId: 1, widgetId: 12 });
    expect(draftReducer(branched, { type: 'redo' })).toBe(branched);
  });

  it('is clean again after undoing everything, and undo at the start does nothing', () => {
    const s = run({ type: 'renamePage', pageId: 1, name: 'Home' }, { type: 'undo' }, { type: 'undo' });
    expect(isDirty(s)).toBe(false);
    expect(s.history.present).toBe(model);
  });

  it('restarts the history from a saved model', () => {
    const s = draftReducer(run({ type: 'deleteWidget', pageId: 1, widgetId: 10 }), { type: 'saved', model });
    expect(s.history.past).toEqual([]);
    expect(isDirty(s)).toBe(false);
  });
});

describe('draftReducer: pages', () => {
  const names = (s: DraftState) => s.history.present.pages.map((p) => p.name);
  it('adds, renames, moves and removes pages', () => {
    const s = run({ type: 'addPage', name: 'Third' }, { type: 'renamePage', pageId: 2, name: 'Floors' }, { type: 'movePage', pageId: -1, delta: -1 });
    expect(names(s)).toEqual(['Overview', 'Third', 'Floors']);
    expect(names(draftReducer(s, { type: 'removePage', pageId: 1 }))).toEqual(['Third', 'Floors']);
  });

  it('does not move a page past either end, nor remove the last page', () => {
    expect(run({ type: 'movePage', pageId: 1, delta: -1 }).history.past).toEqual([]);
    const one = run({ type: 'removePage', pageId: 2 });
    expect(names(draftReducer(one, { type: 'removePage', pageId: 1 }))).toEqual(['Overview']);
  });

  it('sets a page’s filters', () => {
    const filters = [{ id: 1, type: 'zone' as const, order: 0, zoneIds: [7] }, { id: 2, type: 'timespan' as const, order: 1, datePreset: 'last7Days' }];
    expect(run({ type: 'setPageFilters', pageId: 2, filters }).history.present.pages[1]!.widgetGlobalFilters).toEqual(filters);
  });
});

describe('toSavedModel', () => {
  it('drops temporary ids so new pages and widgets are created, and keeps stored ones', () => {
    const s = run({ type: 'addPage', name: 'New' }, { type: 'duplicateWidget', pageId: 1, widgetId: 10 });
    const saved = toSavedModel(s.history.present);
    expect(saved.pages.map((p) => p.id)).toEqual([1, 2, undefined]);
    expect(saved.pages[0]!.widgets.map((w) => w.id)).toEqual([10, undefined, 11, 12]);
  });
});
