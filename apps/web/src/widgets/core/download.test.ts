import { describe, expect, it } from 'vitest';
import { toCsv } from './download.ts';
import { exportFileName } from './exportSheet.ts';

describe('toCsv', () => {
  it('quotes separators and escapes formula-like cells', () => {
    expect(toCsv([['Zone', 'Value'], ['Hall, north', 12], ['=SUM(A1)', null], ['-3', -3]])).toBe('Zone,Value\r\n"Hall, north",12\r\n\'=SUM(A1),\r\n\'-3,-3');
  });
});

describe('exportFileName', () => {
  it('names the site, the widget and the dates, keeping letters of any script and digits', () => {
    expect(exportFileName({ site: 'Galeries Rhône', title: 'Visiteurs — Entrée 2', from: '2026-11-20', to: '2026-11-24' }, 'csv')).toBe(
      'galeries-rhone_visiteurs-entree-2_2026-11-20_2026-11-24.csv',
    );
    expect(exportFileName({ site: 'Lyon', title: 'الزوار', from: '2026-11-24', to: '2026-11-24' }, 'png')).toBe('lyon_الزوار_2026-11-24.png');
    expect(exportFileName({ site: 'Lyon', title: '!!!' }, 'png')).toBe('lyon_widget.png');
  });
});
