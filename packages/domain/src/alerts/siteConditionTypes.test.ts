import { describe, expect, it } from 'vitest';
import { ALERT_CONDITION_TYPES } from './alertConditions.ts';
import { offeredConditionTypes, siteConditionTypes } from './siteConditionTypes.ts';

const PEOPLE = ['flux', 'intrusion', 'limit', 'status', 'stopNGoLimit', 'waitingTime', 'reverseDensity', 'density', 'linearDensity'];
const AIR = ['co2', 'humidity', 'temperature', 'comfortScale'];

describe('the condition types a site can measure', () => {
  it.each([
    ['a people-counting site', ['counting'], PEOPLE],
    ['an air-quality site', ['atmosphere'], AIR],
    ['a site measuring both (and sales)', ['atmosphere', 'counting', 'sales'], [...ALERT_CONDITION_TYPES]],
    // Nothing an alert reads: every type rather than a picker that leaves the form unsavable.
    ['a site without events yet', [], [...ALERT_CONDITION_TYPES]],
    ['an energy-only site', ['energy'], [...ALERT_CONDITION_TYPES]],
  ])('%s: the types it measures, in the catalogue order', (_site, families, expected) => {
    expect(siteConditionTypes(families)).toEqual(expected);
  });

  it('a saved alert keeps its own type in the list even when its site cannot measure it', () => {
    expect(offeredConditionTypes(['counting'], 'co2')).toEqual(['co2', ...PEOPLE]);
    expect(offeredConditionTypes(['counting'], 'flux')).toEqual(PEOPLE);
  });
});
