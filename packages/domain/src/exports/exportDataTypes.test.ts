import { describe, expect, it } from 'vitest';
import { exportDataTypes, exportOnPassages } from './exportDataTypes.ts';

describe('export data types', () => {
  it('offers counting first, then the metrics of the families the site’s events cover', () => {
    const types = exportDataTypes(['counting']);
    expect(types[0]).toBe('counting');
    expect(types).toEqual(expect.arrayContaining(['visitorsIn', 'dwell', 'inside', 'captureRate']));
    expect(types).not.toContain('co2');
  });
  it('reads every utility of an energy event, without range-dependent or climate-corrected values', () => {
    const types = exportDataTypes(['energy']);
    expect(types).toEqual(expect.arrayContaining(['electricityConsumption', 'waterConsumption', 'heatConsumption', 'combustibleConsumption', 'electricityConsumptionOnDay']));
    expect(types.filter((t) => t.endsWith('OnInterval') || t.endsWith('Corrected'))).toEqual([]);
  });
  it('keeps counting the default even for a site without events', () => expect(exportDataTypes([])).toEqual(['counting']));
  it('knows which data types passages measure', () => {
    expect(exportOnPassages('counting')).toBe(true);
    expect(exportOnPassages('pedestrians')).toBe(true);
    expect(exportOnPassages('co2')).toBe(false);
  });
});
