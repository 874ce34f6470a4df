import { describe, expect, it } from 'vitest';
import { elementKey, knownMetrics, mapViewOptions, viewElements } from './mapViewOptions.ts';
import { COUNT_BANDS, planConfig } from './testConfig.ts';

const widget = { metrics: [{ type: 'dwell' }] };
const nameOf = (e: { name?: string }) => e.name ?? '?';

describe('mapViewOptions', () => {
  it('lists the custom filter options in their order', () => {
    const views = mapViewOptions(planConfig(), widget, nameOf);
    expect(views.map((v) => v.title)).toEqual(['Visitors', 'Doors']);
    expect(views[1]!.tooltipConfig?.mode).toBe('always');
  });

  it('offers one view per metric, the widget’s first, with filterType metric or no custom options', () => {
    for (const config of [planConfig({ filterType: 'metric' }), planConfig({ filterType: undefined, filterOptions: [] })]) {
      const views = mapViewOptions(config, widget, nameOf);
      expect(views.map((v) => v.metric)).toEqual(config.filterOptions.length ? ['dwell', 'visitorsIn'] : ['dwell']);
      expect(views.every((v) => v.title === undefined && v.zoneIds === undefined)).toBe(true);
    }
  });

  it('offers one view per zone, per passage or per element, each with every metric', () => {
    expect(mapViewOptions(planConfig({ filterType: 'zone' }), widget, nameOf).map((v) => [v.title, v.zoneIds])).toEqual([
      ['Mall', [1]],
      ['Shoes', [2]],
      ['Books', [3]],
    ]);
    const doors = mapViewOptions(planConfig({ filterType: 'passage' }), widget, nameOf);
    expect(doors.map((v) => [v.title, v.passageIds, v.metrics.map((m) => m.type)])).toEqual([['Main door', [9], ['dwell', 'visitorsIn']]]);
    expect(mapViewOptions(planConfig({ filterType: 'all' }), widget, nameOf)).toHaveLength(4);
  });
});

describe('knownMetrics', () => {
  it('keeps the first definition of a metric, the widget’s bands first', () => {
    const metrics = knownMetrics(planConfig(), { metrics: [{ type: 'visitorsIn', configuration: { colorimetry: [COUNT_BANDS[0]!] } }] });
    expect(metrics).toHaveLength(1);
    expect(metrics[0]!.colorimetry).toHaveLength(1);
  });
});

describe('viewElements', () => {
  it('takes the elements a view names, or every element with a target', () => {
    const config = planConfig();
    const [visitors, doors] = mapViewOptions(config, widget, nameOf);
    expect(viewElements(config, visitors!).map(elementKey)).toEqual(['zone:2', 'zone:3']);
    expect(viewElements(config, doors!).map(elementKey)).toEqual(['passage:9']);
    expect(viewElements(config, { id: 'x', metrics: [] }).map(elementKey)).toEqual(['zone:1', 'zone:2', 'zone:3', 'passage:9']);
  });
});
