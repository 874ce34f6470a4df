import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { type AlertProblem, offeredConditionTypes } from '@sitelens/domain';
import { theme } from '../../../app/theme.ts';
import { type ConditionDraft, conditionForSite, emptyDraft, problemsOf } from '../hooks/useAlertForm.ts';
import { ConditionEditor } from './ConditionEditor.tsx';

const counting = { id: 1, families: ['counting'] };
const atmosphere = { id: 2, families: ['atmosphere'] };

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });

/** The condition part of a new alert's form on the site (keys stand for the words). */
const newConditionOn = (site: { id: number; families: string[] }, condition = emptyDraft(site).condition, problemOf: (field: string) => AlertProblem | null = () => null) => {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <ConditionEditor condition={condition} types={offeredConditionTypes(site.families, condition.type)} onChange={() => {}} zones={[]} sensors={[]} pads={[]} problemOf={problemOf} />
      </MantineProvider>
    </I18nextProvider>,
  );
};

const co2: ConditionDraft = { type: 'co2', value: 800, min: 400, max: 1200, direction: 'in', zoneId: 7, padIds: [], deviceAtmosphereIds: [3, 4], padStatusCodes: [], maxTrigger: 2 };
const fluxOut: ConditionDraft = { type: 'flux', value: 50, min: null, max: null, direction: 'out', zoneId: 8, padIds: [5], deviceAtmosphereIds: [], padStatusCodes: [], maxTrigger: 0 };

describe('the condition part of an alert’s form, on its site', () => {
  it('a new alert starts on the first type its site measures: entries on a people-counting site, not CO₂', () => {
    expect(emptyDraft(counting).condition.type).toBe('flux');
    expect(emptyDraft(atmosphere).condition.type).toBe('co2');
    expect(emptyDraft(undefined).condition.type).toBe('co2');
  });

  it('a new alert on a people-counting site asks for pads, not for air sensors it does not have', () => {
    const html = newConditionOn(counting);
    expect(html).toContain('data-testid="alert-pads"');
    expect(html).not.toContain('data-testid="alert-sensors"');
    expect(html).toContain('value="alerts.condition.flux"');
  });

  it('choosing a site that cannot measure the type moves to its first type and drops what belonged to the old one', () => {
    expect(conditionForSite(co2, ['counting'])).toEqual({ ...co2, type: 'flux', value: null, min: null, max: null, zoneId: null, deviceAtmosphereIds: [] });
  });

  it('choosing a site that measures the type keeps it with its threshold and direction, clearing only the old site’s zone, pads and sensors', () => {
    expect(conditionForSite(fluxOut, ['counting', 'sales'])).toEqual({ ...fluxOut, zoneId: null, padIds: [] });
    expect(conditionForSite(co2, [])).toEqual({ ...co2, zoneId: null, deviceAtmosphereIds: [] });
  });
});

/** The rendered input carrying `testId`. */
const inputOf = (html: string, testId: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).find((i) => i.includes(`data-testid="${testId}"`)) ?? '';
/** The label Mantine renders for the input carrying `testId` (its id names it). */
const labelOf = (html: string, testId: string) => {
  const id = /\sid="([^"]+)"/.exec(inputOf(html, testId))?.[1];
  return new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`).exec(html)?.[1] ?? '';
};

describe('a new queue alert saved empty', () => {
  const site = counting;
  const draft = { ...emptyDraft(site), condition: { ...emptyDraft(site).condition, type: 'linearDensity' } };
  const problems = problemsOf(draft, undefined);

  it('has a problem for every field to mend, not only the first: name, threshold and zone at once', () => {
    expect(problems.map((p) => p.field)).toEqual(expect.arrayContaining(['name', 'condition.value', 'condition.zoneId']));
  });

  it('shows the threshold’s and the zone’s errors together, each on its field, marked invalid for screen readers', () => {
    const problemOf = (field: string) => problems.find((p) => p.field === field) ?? null;
    const html = newConditionOn(site, draft.condition, problemOf);
    expect(inputOf(html, 'alert-value')).toContain('aria-invalid="true"');
    expect(inputOf(html, 'alert-zone')).toContain('aria-invalid="true"');
    expect(html.match(/class="[^"]*mantine-InputWrapper-error/g)).toHaveLength(2);
  });

  it('marks the threshold and the zone as required', () => {
    const html = newConditionOn(site, draft.condition);
    expect(labelOf(html, 'alert-value')).toContain('mantine-InputWrapper-required');
    expect(labelOf(html, 'alert-zone')).toContain('mantine-InputWrapper-required');
  });

  it('no longer marks the value once a minimum stands for the threshold', () => {
    const html = newConditionOn(site, { ...draft.condition, min: 3 });
    expect(labelOf(html, 'alert-value')).not.toContain('mantine-InputWrapper-required');
  });
});

describe('numbers out of range and a notification to nobody (review of 2026-12-07)', () => {
  const site = counting;
  const base = emptyDraft(site);
  const flux = { ...base.condition, type: 'flux', padIds: [5], value: -5 };

  it('refuses a visitor flow threshold below 0 on its field, keeping what was typed', () => {
    const problems = problemsOf({ ...base, name: 'Entrance', condition: flux, actions: [] }, undefined);
    expect(problems).toEqual([{ field: 'condition.value', reason: 'belowMinimum', min: 0 }]);
    const html = newConditionOn(site, flux, (field) => problems.find((p) => p.field === field) ?? null);
    expect(inputOf(html, 'alert-value')).toContain('aria-invalid="true"');
    expect(inputOf(html, 'alert-value')).toContain('value="-5"');
  });

  it('refuses a message cap or a reminder out of range instead of changing them', () => {
    const problems = problemsOf({ ...base, name: 'Entrance', condition: { ...flux, value: 5, maxTrigger: -2 }, actions: [], reminderMinutes: 5000 }, undefined);
    expect(problems).toEqual([
      { field: 'condition.maxTrigger', reason: 'outOfRange', min: 0, max: 1000 },
      { field: 'reminderMinutes', reason: 'outOfRange', min: 1, max: 1440 },
    ]);
  });

  it('refuses the new alert’s e-mail notification while it reaches nobody, and takes a contact address instead of a recipient', () => {
    const draft = { ...base, name: 'Entrance', condition: { ...flux, value: 5 } };
    expect(problemsOf(draft, undefined)).toEqual([{ field: 'actions.0.recipients', reason: 'noEmailRecipients' }]);
    expect(problemsOf({ ...draft, mails: ['desk@shop.example'] }, undefined)).toEqual([]);
    expect(problemsOf({ ...draft, actions: [{ ...draft.actions[0]!, recipients: [3] }] }, undefined)).toEqual([]);
  });
});
