import { describe, expect, it } from 'vitest';
import { limitText, occupancyText } from './limitTexts.ts';
import { stopNGoI18n } from './testCatalogues.ts';

const tIn = (lang: string) => stopNGoI18n.getFixedT(lang);

describe('the limit in words', () => {
  it.each([
    ['en', 1, '1 visitor inside at most'],
    ['en', 40, '40 visitors inside at most'],
    ['en', 100000, '100,000 visitors inside at most'],
    ['de', 1, 'Höchstens 1 anwesender Besucher'],
    ['de', 40, 'Höchstens 40 anwesende Besucher'],
    ['fr', 1, '1 visiteur présent au maximum'],
    ['fr', 40, '40 visiteurs présents au maximum'],
    ['ar', 1, 'زائر واحد في الداخل كحد أقصى'],
    ['ar', 2, 'زائران في الداخل كحد أقصى'],
    ['ar', 5, '5 زوار في الداخل كحد أقصى'],
    ['ar', 40, '40 زائرًا في الداخل كحد أقصى'],
    ['ar', 100, '100 زائر في الداخل كحد أقصى'],
  ])('%s, %i', (lang, limit, text) => {
    expect(limitText(tIn(lang), limit, lang)).toBe(text);
  });
});

describe('the occupancy now in words', () => {
  it.each([
    ['en', 39, 1, 'Now 39 people inside, 1 place left'],
    ['en', 1, 39, 'Now 1 person inside, 39 places left'],
    ['de', 39, 1, 'Jetzt 39 Personen anwesend, 1 Platz frei'],
    ['es', 1, 2, 'Ahora 1 persona dentro, 2 plazas libres'],
    ['it', 2, 1, 'Ora 2 persone presenti, 1 posto libero'],
    ['ar', 39, 1, 'حاليًا 39 شخصًا في الداخل، مكان واحد متبقٍ'],
    ['ar', 0, 5, 'لا أحد في الداخل حاليًا، 5 أماكن متبقية'],
    ['ar', 2, 0, 'حاليًا شخصان في الداخل، لا أماكن متبقية'],
  ])('%s, %i inside, %i left', (lang, inside, left, text) => {
    expect(occupancyText(tIn(lang), inside, left, lang)).toBe(text);
  });
});
