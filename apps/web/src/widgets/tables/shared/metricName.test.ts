import { describe, expect, it } from 'vitest';
import { humanizeMetricId } from './metricName.ts';

describe('humanizeMetricId', () => {
  it('spells a metric id out', () => {
    expect(humanizeMetricId('visitorsOut')).toBe('Visitors out');
    expect(humanizeMetricId('pm25')).toBe('Pm25');
    expect(humanizeMetricId('co2EquivalentPerM2')).toBe('Co2 equivalent per m2');
    expect(humanizeMetricId('inside')).toBe('Inside');
  });
});
