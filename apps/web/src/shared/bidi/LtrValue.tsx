import type { ReactNode } from 'react';

/** A letter of a right-to-left script (Hebrew, Arabic and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * A number with its unit ("51.7 %RH", "23.7 °C") as one left-to-right run: in right-to-left pages
 * the bidi algorithm would otherwise show "RH% 51.7". `bdi` isolates it from the surrounding text,
 * so the sentence around it keeps its own direction; screen readers read the text unchanged.
 *
 * A value written with right-to-left words (a duration in Arabic, "13 د و18 ث") is one run in
 * their direction instead: forced left to right, an Arabic reader read it as "13 s and 18 min".
 */
export function LtrValue({ children }: { children: ReactNode }) {
  const dir = typeof children === 'string' && RTL_LETTER.test(children) ? 'rtl' : 'ltr';
  return (
    <bdi dir={dir} style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}
