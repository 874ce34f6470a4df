import { describe, expect, it } from 'vitest';
import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import { METRIC_HELP, METRIC_HELP_FAMILIES, metricHelpEntry, metricHelpKeys } from './metricHelp.ts';

const entry = (id: string) => METRIC_HELP.find((e) => e.id === id)!;

describe('metric help', () => {
  it('has one entry per catalogue metric, in its order, in a listed family', () => {
    expect(METRIC_HELP.map((e) => e.id)).toEqual(METRIC_CATALOGUE.map((m) => m.id));
    for (const e of METRIC_HELP) expect(METRIC_HELP_FAMILIES).toContain(e.family);
  });

  it('reads unit, decimals, inputs and period rule from the catalogue', () => {
    for (const m of METRIC_CATALOGUE) {
      const e = metricHelpEntry(m);
      expect([e.unit, e.precision, e.aggregation, e.scale]).toEqual([m.unit, m.precision, m.defaultAggregation, m.scale ?? null]);
      expect(e.inputs).toEqual(m.derivation?.inputs ?? []);
    }
    expect(entry('captureRate')).toMatchObject({
      unit: '%',
      percentage: true,
      inputs: ['visitorsIn', 'pedestrians'],
      computationKey: 'help.metrics.formula.ratio',
      aggregationKey: 'help.metrics.aggregation.weightedPercentage',
    });
    expect(entry('dwell')).toMatchObject({ isDuration: true, computationKey: 'help.metrics.source.counting' });
    expect(entry('turnover').computationKey).toBe('help.metrics.source.sales');
    expect(entry('heatConsumption').computationKey).toBe('help.metrics.source.meters');
    expect(entry('outdoorTemperature').computationKey).toBe('help.metrics.source.weather');
  });

  it('writes a meaning per metric, shared only by the utility variants and the level scores', () => {
    expect(entry('visitorsIn').meaningKey).toBe('help.metrics.meaning.visitorsIn');
    expect(entry('comfortScore').meaningKey).toBe('help.metrics.meaning.comfortScore');
    expect(entry('co2Score').meaningKey).toBe('help.metrics.formulaMeaning.levelScore');
    expect(entry('waterConsumptionPerArea').meaningKey).toBe('help.metrics.formulaMeaning.perArea');
    expect(entry('electricityConsumption').meaningKey).toBe('help.metrics.meaning.electricityConsumption');
    expect(entry('density').meaningKey).toBe('help.metrics.meaning.density');
  });

  it('lists the catalogue keys each entry reads, scale labels included', () => {
    expect(metricHelpKeys(entry('comfortScore'))).toEqual([
      'metrics.comfortScore',
      'help.metrics.meaning.comfortScore',
      'help.metrics.formula.comfortScore',
      'help.metrics.aggregation.average',
      'metrics.scale.comfort.1',
      'metrics.scale.comfort.2',
      'metrics.scale.comfort.3',
      'metrics.scale.comfort.4',
      'metrics.scale.comfort.5',
    ]);
  });
});
