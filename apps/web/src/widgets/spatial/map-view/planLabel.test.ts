import { describe, expect, it } from 'vitest';
import { planLabelLines } from './planLabel.ts';

// A box 186 units wide holds 20 characters a line ((186 - 16) / 8.5); one 60 tall holds two lines.
const wide = { width: 186, height: 60 };

describe('a zone name on the plan', () => {
  it('stays on one line when it fits', () => {
    expect(planLabelLines('Meeting room Gateway', wide)).toEqual(['Meeting room Gateway']);
  });

  it('breaks between words when the box is tall enough, rather than being cut', () => {
    expect(planLabelLines('Meeting room Elephanta', wide)).toEqual(['Meeting room', 'Elephanta']);
  });

  it('is cut with an ellipsis on its last line when still longer, or in a box one line tall', () => {
    expect(planLabelLines('Meeting room Elephanta with a sea view and a long name', wide)).toEqual(['Meeting room', 'Elephanta with a se…']);
    expect(planLabelLines('Meeting room Elephanta', { width: 186, height: 28 })).toEqual(['Meeting room Elepha…']);
  });

  it('cuts a single word longer than a line', () => {
    expect(planLabelLines('Supercalifragilisticexpialidocious', wide)).toEqual(['Supercalifragilistic', 'expialidocious']);
  });
});
