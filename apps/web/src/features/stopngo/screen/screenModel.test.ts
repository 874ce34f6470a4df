import { describe, expect, it } from 'vitest';
import type { ScreenDisplay } from '../graphql/stopngo.ts';
import { screenModel } from './screenModel.ts';

const display = (state: ScreenDisplay['state'], extra: Partial<ScreenDisplay> = {}): ScreenDisplay => ({
  state,
  inside: 12,
  limit: 20,
  placesLeft: 8,
  language: 'fr',
  secondLanguage: 'ar',
  at: '2026-03-10T10:00:00Z',
  ...extra,
});

describe('screenModel', () => {
  it.each([
    ['GO', 'live', 'go'],
    ['STOP', 'live', 'stop'],
    ['OFF', 'live', 'off'],
    ['GO', 'lost', 'lost'],
    ['STOP', 'lost', 'lost'],
    ['REMOVED', 'live', 'removed'],
    ['REMOVED', 'lost', 'removed'],
  ] as const)('%s with a %s link shows %s', (state, link, tone) => {
    expect(screenModel(display(state), link, true).tone).toBe(tone);
  });

  it('never shows figures while the link is lost', () => {
    expect(screenModel(display('GO'), 'lost', true)).toEqual({ tone: 'lost', figures: null, languages: ['fr', 'ar'] });
  });

  it('waits for the first news, and an address without its secret is incomplete, not a removed screen', () => {
    expect(screenModel(null, 'connecting', true).tone).toBe('connecting');
    expect(screenModel(null, 'lost', true).tone).toBe('lost');
    expect(screenModel(null, 'connecting', false).tone).toBe('incomplete');
    expect(screenModel(null, 'lost', false).tone).toBe('incomplete');
  });

  it('speaks one or two languages, with the figures of the moment', () => {
    expect(screenModel(display('STOP', { secondLanguage: null, inside: 20, placesLeft: 0 }), 'live', true)).toEqual({
      tone: 'stop',
      figures: { inside: 20, limit: 20, placesLeft: 0 },
      languages: ['fr'],
    });
  });
});
