import type { ScreenDisplay } from '../graphql/stopngo.ts';
import type { ScreenLink } from './watchScreen.ts';

/** What the door shows: one tone, each with its colour, icon and words. */
export type ScreenTone = 'go' | 'stop' | 'off' | 'lost' | 'removed' | 'incomplete' | 'connecting';

export interface ScreenModel {
  tone: ScreenTone;
  /** The figures, when they are current (never while the link is lost). */
  figures: { inside: number; limit: number | null; placesLeft: number | null } | null;
  /** The screen's languages, once the server told them. */
  languages: string[] | null;
}

/**
 * The door's state from the last news and the link. A lost link wins over any state but REMOVED:
 * a stale GO would let people in when the site may be full. An address without its code (the part
 * after #, cut off when it was copied) is no screen yet, not a removed one.
 */
export function screenModel(display: ScreenDisplay | null, link: ScreenLink, hasSecret: boolean): ScreenModel {
  if (!hasSecret) return { tone: 'incomplete', figures: null, languages: null };
  if (display?.state === 'REMOVED') return { tone: 'removed', figures: null, languages: null };
  const languages = display?.language ? [display.language, ...(display.secondLanguage ? [display.secondLanguage] : [])] : null;
  if (link === 'lost') return { tone: 'lost', figures: null, languages };
  if (!display) return { tone: 'connecting', figures: null, languages: null };
  const tone = display.state === 'GO' ? 'go' : display.state === 'STOP' ? 'stop' : 'off';
  return { tone, figures: { inside: display.inside ?? 0, limit: display.limit, placesLeft: display.placesLeft }, languages };
}
