import { describe, expect, it } from 'vitest';
import { FAQ } from './faq.ts';
import { HELP_TOPIC_IDS, HELP_TOPICS, ROUTE_HELP_TOPICS, helpTopicForPath, helpTopicPath, isHelpTopicId } from './helpTopics.ts';

describe('help topics', () => {
  it('lists every topic once, each with sections', () => {
    expect(HELP_TOPICS.map((t) => t.id)).toEqual([...HELP_TOPIC_IDS]);
    for (const topic of HELP_TOPICS) {
      expect(topic.sections.length, topic.id).toBeGreaterThan(0);
      expect(new Set(topic.sections).size, topic.id).toBe(topic.sections.length);
    }
  });

  it('covers what the issue names: filters, alerts, reports, export, sales import, Stop&Go, sign-in and two-factor, languages', () => {
    for (const id of ['metrics', 'filters', 'alerts', 'reports', 'export', 'salesImport', 'stopNGo', 'signIn', 'languages']) {
      expect(isHelpTopicId(id), id).toBe(true);
    }
    expect(HELP_TOPICS.find((t) => t.id === 'signIn')?.sections).toContain('twoFactor');
    expect(HELP_TOPICS.find((t) => t.id === 'salesImport')?.sections).toContain('layout');
  });

  it('points every question at a topic that exists, with unique ids', () => {
    expect(new Set(FAQ.map((q) => q.id)).size).toBe(FAQ.length);
    for (const q of FAQ) expect(isHelpTopicId(q.topic), q.id).toBe(true);
  });
});

describe('helpTopicForPath', () => {
  it.each([
    ['/home', 'home'],
    ['/home2', 'home'],
    ['/analytics/sites', 'sites'],
    ['/counting/12', 'sites'],
    ['/atmosphere/3', 'sites'],
    ['/energy/3', 'sites'],
    ['/analytics/dashboard', 'dashboards'],
    ['/dashboard/4/page/9', 'dashboards'],
    ['/export-data', 'export'],
    ['/alerts', 'alerts'],
    ['/alerts/new-alert', 'alerts'],
    ['/alerts/17', 'alerts'],
    ['/reports/new', 'reports'],
    ['/sales-metrics-import', 'salesImport'],
    ['/sales-funnel', 'salesFunnel'],
    ['/stop-n-go', 'stopNGo'],
    ['/user-profile/security', 'signIn'],
    ['/user-profile/preferences', 'languages'],
    ['/user-profile/general', 'settings'],
    ['/settings/user-management/4/security', 'settings'],
    ['/settings/organization/', 'settings'],
  ])('%s → %s', (path, topic) => {
    expect(helpTopicForPath(path)).toBe(topic);
  });

  it.each(['/help', '/help/filters', '/', '/homework', '/t/abc', '/embeded/x', '/alertsx'])('%s has no topic', (path) => {
    expect(helpTopicForPath(path)).toBeNull();
  });

  it('maps only to known topics, and every topic has a screen but the filters, the metrics glossary and the move (the migration banner links to it)', () => {
    for (const [, topic] of ROUTE_HELP_TOPICS) expect(isHelpTopicId(topic)).toBe(true);
    const reached = new Set(ROUTE_HELP_TOPICS.map(([, t]) => t));
    expect(HELP_TOPIC_IDS.filter((t) => !reached.has(t))).toEqual(['filters', 'metrics', 'migration']);
  });

  it('gives the topic its address in the help centre', () => {
    expect(helpTopicPath('salesImport')).toBe('/help/salesImport');
  });
});
