import { describe, expect, it } from 'vitest';
import { exportFileName, initialChoice, mappingInput, optionsFor, unmapped } from './importMapping.ts';
import type { ImportCandidate, ImportReference } from './transferDocuments.ts';

const refs: ImportReference[] = [
  { kind: 'installation', fromId: 1, name: 'Main store', siteId: null, toId: 10 },
  { kind: 'zone', fromId: 2, name: 'Checkout', siteId: 1, toId: null },
];
const candidates: ImportCandidate[] = [
  { kind: 'installation', id: 10, name: 'Main store', siteId: null },
  { kind: 'installation', id: 11, name: 'Outlet', siteId: null },
  { kind: 'zone', id: 20, name: 'Till', siteId: 10 },
  { kind: 'zone', id: 21, name: 'Till', siteId: 11 },
];

describe('import mapping', () => {
  it('starts from the proposals and flags the unmatched', () => {
    const choice = initialChoice(refs);
    expect(choice).toEqual({ 'installation:1': 10, 'zone:2': null });
    expect(unmapped(refs, choice).map((r) => r.name)).toEqual(['Checkout']);
    expect(mappingInput(refs, choice)).toEqual([{ kind: 'installation', fromId: 1, toId: 10 }]);
  });

  it('offers a zone among the zones of the site its site maps to', () => {
    expect(optionsFor(refs[1]!, candidates, { 'installation:1': 10 }).map((c) => c.id)).toEqual([20]);
    expect(optionsFor(refs[1]!, candidates, { 'installation:1': null }).map((c) => c.id)).toEqual([20, 21]);
  });

  it.each([
    ['Monday board', 'Monday board.sitelens-dashboard.json'],
    ['a/b:c', 'a_b_c.sitelens-dashboard.json'],
    ['  ', 'dashboard.sitelens-dashboard.json'],
  ])('names the file of %j', (name, file) => expect(exportFileName(name)).toBe(file));
});
