import { describe, expect, it } from 'vitest';
import { type DashboardModel, dashboardModel } from './dashboardModel.ts';
import { mapModelIds, modelIdRefs } from './dashboardTransferIds.ts';

// Every place a model names an id (the ones dashboardInput's widgetIdRefs checks) is collected and mapped.
const model: DashboardModel = dashboardModel.parse({
  format: 'sitelens.dashboard',
  formatVersion: 1,
  name: 'All ids',
  pages: [
    {
      id: 7,
      name: 'P',
      widgetGlobalFilters: [{ id: 1, type: 'zone', order: 0, zoneIds: [10] }, { id: 2, type: 'category', order: 1, categoryId: 30 }],
      widgets: [
        {
          id: 70,
          type: 'table',
          title: 'W',
          zoneIds: [11],
          deviceIds: [40],
          passageIds: [50],
          alertIds: [60],
          configuration: { installationId: 1 },
          metrics: [
            {
              type: 'visitorsIn',
              target: { kind: 'passage', ids: [51] },
              groupBy: { type: 'tag', tagId: 31, tagIds: [32] },
              filters: { conditions: [{ type: 'zone', values: ['12', 'x'] }, { type: 'tag', values: ['33'] }, { type: 'gender', values: ['1'] }] },
            },
          ],
        },
      ],
    },
  ],
  references: [{ kind: 'zone', id: 10, name: 'Z' }],
});

describe('model ids', () => {
  it('collects every id the model names, once, by kind', () => {
    expect(modelIdRefs(model).map((r) => `${r.kind}:${r.id}`).sort()).toEqual(
      ['zone:10', 'tagCategory:30', 'zone:11', 'device:40', 'passage:50', 'alert:60', 'installation:1', 'passage:51', 'tag:31', 'tag:32', 'zone:12', 'tag:33'].sort(),
    );
  });

  it('maps each of them, drops stored page and widget ids and the references, and leaves other values alone', () => {
    const mapped = mapModelIds(model, (_kind, id) => id + 1000);
    const page = mapped.pages[0]!;
    const widget = page.widgets[0]!;
    expect(mapped.references).toBeUndefined();
    expect(page.id).toBeUndefined();
    expect(widget.id).toBeUndefined();
    expect(page.widgetGlobalFilters.map((f) => [f.zoneIds, f.categoryId])).toEqual([[[1010], undefined], [undefined, 1030]]);
    expect([widget.zoneIds, widget.deviceIds, widget.passageIds, widget.alertIds, widget.configuration.installationId]).toEqual([[1011], [1040], [1050], [1060], 1001]);
    const metric = widget.metrics[0]!;
    expect(metric.target).toEqual({ kind: 'passage', ids: [1051] });
    expect(metric.groupBy).toMatchObject({ tagId: 1031, tagIds: [1032] });
    expect(metric.filters!.conditions.map((c) => c.values)).toEqual([['1012', 'x'], ['1033'], ['1']]);
  });
});
