import { describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE } from './metricCatalogue.ts';
import { storedInputs } from './storedInputs.ts';
import { storedMetric } from '../storedMetrics.ts';

describe('storedInputs', () => {
  it.each([
    ['visitorsIn', ['visitorsIn']],
    ['co2', ['co2']],
    ['inside', ['visitorsIn', 'visitorsOut']],
    ['occupancy', ['visitorsIn', 'visitorsOut']],
    ['density', ['visitorsIn', 'visitorsOut']],
    ['conversionRate', ['orders', 'visitorsIn']],
    ['captureRate', ['visitorsIn', 'pedestrians']],
    ['uniqueVisitors', []],
    ['noSuchMetric', []],
  ])('%s reads %j', (metric, expected) => {
    expect(storedInputs(metric)).toEqual(expected);
  });

  it('gives only stored metrics, and at least one for every derived metric of the catalogue that has readings behind it', () => {
    for (const def of METRIC_CATALOGUE) {
      const inputs = storedInputs(def.id);
      expect(inputs.every((id) => storedMetric(id)), def.id).toBe(true);
      if (def.kind === 'stored' && storedMetric(def.storedAs ?? def.id)) expect(inputs, def.id).toEqual([def.storedAs ?? def.id]);
    }
  });

  it('reads a comfort score from the air it scores', () => {
    expect(storedInputs('comfortScore').length).toBeGreaterThan(1);
    expect(storedInputs('comfortScore')).toContain('co2');
  });
});
