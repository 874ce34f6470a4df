import { describe, expect, it } from 'vitest';
import { placeCard } from './cardPlacement.ts';

const view = { width: 1280, height: 800 };
const card = { width: 360, height: 200 };

describe('placeCard', () => {
  it('centres the card without an element', () => {
    expect(placeCard(null, card, view, false)).toEqual({ top: 300, left: 460 });
  });

  it('goes below a short element, aligned on its reading start', () => {
    const bar = { top: 120, left: 260, width: 1000, height: 56 };
    expect(placeCard(bar, card, view, false)).toEqual({ top: 188, left: 260 });
    // In Arabic it aligns with the element's right edge.
    expect(placeCard(bar, card, view, true)).toEqual({ top: 188, left: 900 });
  });

  it('goes above an element near the bottom', () => {
    expect(placeCard({ top: 700, left: 40, width: 200, height: 40 }, card, view, false)).toEqual({ top: 488, left: 40 });
  });

  it('goes beside a full-height sidebar, on the reading side', () => {
    const sidebarLtr = { top: 60, left: 0, width: 240, height: 740 };
    // Level with the middle of the sidebar's visible part: (60 + 800) / 2 - 100.
    expect(placeCard(sidebarLtr, card, view, false)).toEqual({ top: 330, left: 252 });
    const sidebarRtl = { top: 60, left: 1040, width: 240, height: 740 };
    expect(placeCard(sidebarRtl, card, view, true)).toEqual({ top: 330, left: 668 });
  });

  it('falls back to the foot of the screen over an element that fills it, and stays inside', () => {
    const grid = { top: 40, left: 0, width: 1280, height: 2000 };
    expect(placeCard(grid, card, view, false)).toEqual({ top: 588, left: 460 });
    const small = placeCard({ top: 10, left: 1270, width: 5, height: 5 }, card, view, false);
    expect(small.left + card.width).toBeLessThanOrEqual(view.width - 12);
  });
});
