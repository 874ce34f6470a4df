export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const GAP = 12;
const MARGIN = 12;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));

/**
 * Where the tour's card goes next to the highlighted element: below it, else above, else beside it
 * on the reading side first (right in English, left in Arabic) and level with its middle, else at the foot of the screen
 * over a very large element. Without an element the card is centred. Always inside the viewport.
 */
export function placeCard(anchor: Box | null, card: { width: number; height: number }, view: { width: number; height: number }, rtl: boolean): { top: number; left: number } {
  const centred = { top: clamp((view.height - card.height) / 2, MARGIN, view.height - card.height - MARGIN), left: clamp((view.width - card.width) / 2, MARGIN, view.width - card.width - MARGIN) };
  if (!anchor) return centred;
  const right = anchor.left + anchor.width;
  const bottom = anchor.top + anchor.height;
  const aligned = clamp(rtl ? right - card.width : anchor.left, MARGIN, view.width - card.width - MARGIN);
  if (bottom + GAP + card.height <= view.height - MARGIN) return { top: bottom + GAP, left: aligned };
  if (anchor.top - GAP - card.height >= MARGIN) return { top: anchor.top - GAP - card.height, left: aligned };
  // Beside a tall element the card sits level with the middle of its visible part.
  const middle = (Math.max(anchor.top, 0) + Math.min(bottom, view.height)) / 2;
  const top = clamp(middle - card.height / 2, MARGIN, view.height - card.height - MARGIN);
  const after = rtl ? anchor.left - GAP - card.width : right + GAP;
  const before = rtl ? right + GAP : anchor.left - GAP - card.width;
  const fits = (left: number) => left >= MARGIN && left + card.width <= view.width - MARGIN;
  if (fits(after)) return { top, left: after };
  if (fits(before)) return { top, left: before };
  return { top: clamp(view.height - card.height - MARGIN, MARGIN, view.height), left: centred.left };
}
