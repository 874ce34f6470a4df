import { describe, expect, it } from 'vitest';
import type { NamedRow } from './dashboardTransfer.repo.ts';
import { proposeMatches } from './dashboardTransferMatch.ts';

const candidates: NamedRow[] = [
  { kind: 'installation', id: 100, name: 'Main Store' },
  { kind: 'installation', id: 200, name: 'Outlet' },
  { kind: 'zone', id: 101, name: 'Checkout', siteId: 100 },
  { kind: 'zone', id: 201, name: 'Checkout', siteId: 200 },
  { kind: 'zone', id: 202, name: 'Terrace', siteId: 200 },
  { kind: 'tag', id: 300, name: 'Premium' },
];

describe('proposeMatches', () => {
  it('matches a site by name ignoring case, and a zone within the site its site matched', () => {
    const out = proposeMatches(
      [
        { kind: 'installation', id: 1, name: 'main store' },
        { kind: 'zone', id: 2, name: 'Checkout', siteId: 1 },
      ],
      candidates,
    );
    expect(out.map((r) => r.toId)).toEqual([100, 101]);
  });

  it('matches a zone of an unmatched site only when its name is unique in the organization', () => {
    const out = proposeMatches(
      [
        { kind: 'installation', id: 1, name: 'Elsewhere' },
        { kind: 'zone', id: 2, name: 'Checkout', siteId: 1 },
        { kind: 'zone', id: 3, name: 'Terrace', siteId: 1 },
      ],
      candidates,
    );
    expect(out.map((r) => r.toId)).toEqual([null, null, 202]);
  });

  it('matches tags by name, and flags what has no match', () => {
    const out = proposeMatches(
      [
        { kind: 'tag', id: 9, name: 'Premium' },
        { kind: 'tag', id: 8, name: 'Gone' },
      ],
      candidates,
    );
    expect(out.map((r) => r.toId)).toEqual([300, null]);
  });
});
