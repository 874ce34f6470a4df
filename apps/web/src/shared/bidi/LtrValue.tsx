import type { ReactNode } from 'react';

/**
 * A number with its unit ("51.7 %RH", "23.7 °C") as one left-to-right run: in right-to-left pages
 * the bidi algorithm would otherwise show "RH% 51.7". `bdi` isolates it from the surrounding text,
 * so the sentence around it keeps its own direction; screen readers read the text unchanged.
 */
export function LtrValue({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" style={{ unicodeBidi: 'isolate' }}>
      {children}
    </bdi>
  );
}
