import { describe, expect, it } from 'vitest';
import { parseBuilderMessage, WIDGET_BUILDER_PAGE_ID } from './builderMessages.ts';

describe('parseBuilderMessage', () => {
  it('reads the init signal and a token', () => {
    expect(parseBuilderMessage({ type: 'init' })).toEqual({ type: 'init' });
    expect(parseBuilderMessage({ type: 'token', token: 'abc' })).toEqual({ type: 'token', token: 'abc' });
  });

  it('reads a dashboard config and puts its widgets on the fixed preview page', () => {
    const m = parseBuilderMessage({
      type: 'dashboardConfig',
      config: {
        name: 'Draft',
        installationId: 4,
        pages: [{ name: 'First', widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [9] }], widgets: [{ type: 'lineChart', title: 'Visitors', metrics: [{ type: 'visitorsIn' }] }, 'junk'] }],
      },
    });
    expect(m?.type).toBe('dashboardConfig');
    if (m?.type !== 'dashboardConfig') return;
    expect(m.config).toMatchObject({ name: 'Draft', icon: 'IconLayoutDashboard', installationId: 4 });
    expect(m.config.pages[0]!.widgets).toEqual([
      expect.objectContaining({ id: -1, pageId: WIDGET_BUILDER_PAGE_ID, type: 'lineChart', title: 'Visitors', order: 0, zoneIds: [], configuration: {}, metrics: [{ type: 'visitorsIn' }] }),
    ]);
    expect(m.config.pages[0]!.widgetGlobalFilters).toHaveLength(1);
  });

  it.each([null, 'init', { type: 'token' }, { type: 'token', token: '' }, { type: 'dashboardConfig' }, { type: 'reload' }])('ignores %j', (data) => {
    expect(parseBuilderMessage(data)).toBeNull();
  });
});
