import { describe, expect, it } from 'vitest';
import { editorMetricsForFamilies } from '../../widgets/widgetEditorOptions.ts';
import { engineAnswers } from './answeredMetrics.ts';

describe('engineAnswers', () => {
  it('answers stored metrics and formulas over them', () => {
    for (const id of ['visitorsIn', 'co2', 'turnover', 'captureRate', 'salesConversion', 'inside', 'electricityConsumptionCo2Equivalent', 'comfortScore']) expect(engineAnswers(id), id).toBe(true);
  });

  it('does not answer metrics without stored readings, a formula it lacks, or what is built on them', () => {
    for (const id of ['uniqueVisitors', 'returningVisitors', 'walkThrough', 'uwbVisitorsIn', 'uwbInside', 'popularity', 'noSuchMetric']) expect(engineAnswers(id), id).toBe(false);
  });

  it('keeps the widget editor to what the engine answers', () => {
    const offered = editorMetricsForFamilies(['counting', 'sales', 'energy', 'atmosphere']).map((m) => m.id);
    expect(offered).toContain('captureRate');
    expect(offered).toContain('salesConversion');
    expect(offered).not.toContain('uniqueVisitors');
    expect(offered).not.toContain('popularity');
    expect(offered.every((id) => engineAnswers(id))).toBe(true);
  });
});
