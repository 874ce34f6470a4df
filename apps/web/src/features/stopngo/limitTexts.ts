import type { TFunction } from 'i18next';

/** "40 visitors inside at most": its count for the plural, the figure written as numbers are in the language. */
export function limitText(t: TFunction, limit: number, language: string): string {
  return t('stopNGo.limit.value', { count: limit, limit: new Intl.NumberFormat(language).format(limit) });
}

/** "Now 39 people inside, 1 place left": two counts, so two texts, each with its own plural. */
export function occupancyText(t: TFunction, inside: number, placesLeft: number, language: string): string {
  const number = new Intl.NumberFormat(language);
  return t('stopNGo.limit.now', {
    inside: t('stopNGo.limit.nowInside', { count: inside, inside: number.format(inside) }),
    placesLeft: t('stopNGo.limit.placesLeft', { count: placesLeft, placesLeft: number.format(placesLeft) }),
  });
}
