import type { HelpTopicId } from './helpTopics.ts';

/**
 * The frequently asked questions, each with the topic that tells more. The words are
 * help.faq.<id>.question and help.faq.<id>.answer.
 */
export const FAQ: ReadonlyArray<{ id: string; topic: HelpTopicId }> = [
  { id: 'yesterdayFigures', topic: 'sites' },
  { id: 'insideReset', topic: 'metrics' },
  { id: 'captureVsConversion', topic: 'metrics' },
  { id: 'comfortScore', topic: 'metrics' },
  { id: 'timeZone', topic: 'metrics' },
  { id: 'missingMenu', topic: 'settings' },
  { id: 'saveFilters', topic: 'filters' },
  { id: 'shareView', topic: 'sites' },
  { id: 'weeklyReport', topic: 'reports' },
  { id: 'alertEmail', topic: 'alerts' },
  { id: 'salesDate', topic: 'salesImport' },
  { id: 'salesErrors', topic: 'salesImport' },
  { id: 'stopNGoScreen', topic: 'stopNGo' },
  { id: 'noCode', topic: 'signIn' },
  { id: 'language', topic: 'languages' },
  { id: 'replayTour', topic: 'home' },
];
