import { describe, expect, it } from 'vitest';
import { searchHelp } from './helpSearch.ts';

const items = [
  { id: 'screens', title: 'Écrans Stop&Go', body: 'Chaque écran affiche GO ou STOP.' },
  { id: 'import', title: 'Importer les ventes', body: 'Le fichier contient un reçu par ligne, avec sa devise.' },
  { id: 'report', title: 'Rapports planifiés', body: 'Un rapport par e-mail chaque lundi.' },
  { id: 'screenTitle', title: 'Aide à l’écran', body: 'Le titre de chaque page mène à son aide.' },
];
const ids = (query: string) => searchHelp(items, query).map((h) => h.item.id);

describe('searchHelp', () => {
  it('ignores case and accents, both ways', () => {
    expect(ids('ecran')).toEqual(['screens', 'screenTitle']);
    expect(ids('ÉCRAN')).toEqual(['screens', 'screenTitle']);
    expect(ids('RECU')).toEqual(['import']);
    expect(ids('rapport lundi')).toEqual(['report']);
    expect(ids('rêçu')).toEqual(['import']);
  });

  it('needs every word, in any order, and puts title matches first', () => {
    expect(ids('devise reçu')).toEqual(['import']);
    expect(ids('devise lundi')).toEqual([]);
    expect(ids('aide ecran')).toEqual(['screenTitle']);
    // "écran" is in both titles; "page" only in the body of the second: title-only match first.
    expect(searchHelp(items, 'écran').map((h) => h.score)).toEqual([2, 2]);
    expect(ids('ecran page')).toEqual(['screenTitle']);
    expect(ids('chaque')).toEqual(['screens', 'report', 'screenTitle']);
  });

  it('finds nothing for an empty or blank query, and nothing for an unknown word', () => {
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
    expect(ids('zzz')).toEqual([]);
  });

  it('finds an Arabic word typed with its article or a particle, and without them', () => {
    const arabic = [
      { id: 'export', title: 'تصدير البيانات', body: 'جدول بيانات يُرسل بالبريد الإلكتروني.' },
      { id: 'reports', title: 'التقارير المجدولة', body: 'تقرير كل يوم اثنين.' },
    ];
    const found = (query: string) => searchHelp(arabic, query).map((h) => h.item.id);
    expect(found('التصدير')).toEqual(['export']);
    expect(found('والتصدير')).toEqual(['export']);
    expect(found('تصدير')).toEqual(['export']);
    expect(found('التقارير')).toEqual(['reports']);
    // A taa marbuta typed as haa still finds the word.
    expect(found('المجدوله')).toEqual(['reports']);
    // Too short once the article is off: the word is kept whole, and "ال" alone finds what holds it.
    expect(found('الى')).toEqual([]);
    expect(found('ال')).toEqual(['export', 'reports']);
  });
});
