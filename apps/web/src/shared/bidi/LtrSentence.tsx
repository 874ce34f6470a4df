import { LtrValue } from './LtrValue.tsx';

const SLOT = '\u0000';

/**
 * A translated sentence around one number ("+3.90 % vs previous period"): the number is its own
 * left-to-right element, so in Arabic the sentence reads right to left and the number, its sign
 * and its unit stay in their order wherever the catalogue puts them.
 */
export function LtrSentence({ sentence, value }: { sentence: (slot: string) => string; value: string }) {
  const [before = '', after = ''] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      <LtrValue>{value}</LtrValue>
      {after}
    </>
  );
}
