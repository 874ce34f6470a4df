import { describe, expect, it } from 'vitest';
import { elementLabel, labelChoiceMatters } from './elementLabels.ts';

const names = {
  zones: new Map([
    [2, { name: 'Unit 12' }],
    [3, { name: 'Old shop', isDeleted: true }],
  ]),
  passages: new Map([[9, 'North door']]),
  tags: new Map([[7, 'Sneakers']]),
  deletedZone: 'This zone has been deleted',
};

describe('elementLabel', () => {
  it.each([
    [{ zoneId: 2, name: 'Shoes' }, 'product', 'Shoes'],
    [{ zoneId: 2, name: 'Shoes' }, 'zone', 'Unit 12'],
    [{ zoneId: 2, name: 'Shoes', tagId: 7 }, 'product', 'Sneakers'],
    [{ zoneId: 3, name: 'Books' }, 'zone', 'This zone has been deleted'],
    [{ passageId: 9 }, 'product', 'North door'],
    [{ zoneId: 44 }, 'zone', '#44'],
  ] as const)('%j as %s names: %s', (element, choice, label) => {
    expect(elementLabel(element, choice, names)).toBe(label);
  });

  it('offers the choice only when the namings differ somewhere', () => {
    expect(labelChoiceMatters([{ passageId: 9, name: 'North door' }], names)).toBe(false);
    expect(labelChoiceMatters([{ passageId: 9, name: 'North door' }, { zoneId: 2, name: 'Shoes' }], names)).toBe(true);
  });
});
