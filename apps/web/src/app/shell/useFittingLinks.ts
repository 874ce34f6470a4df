import { useLayoutEffect, useRef, useState } from 'react';

/** Space between two links of the header's list (its CSS gap). */
const GAP = 2;

/**
 * How many of the header's links fit in their row, the others going into a "More" menu. A hidden
 * copy of every link (and of the More button, its last child) gives their widths in the language
 * shown; both the row and the copy are watched, so a resize, the small-screen zoom or a language
 * change counts again. Widths are read with offsetWidth on both sides, so the zoom cancels out.
 */
export function useFittingLinks(count: number) {
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLUListElement>(null);
  const [fitting, setFitting] = useState(count);

  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return;
    const recount = () => {
      const widths = Array.from(measure.children, (child) => (child as HTMLElement).offsetWidth);
      const more = widths.pop() ?? 0;
      // A few pixels spare for rounding under the zoom.
      const room = row.clientWidth - 4;
      const total = widths.reduce((sum, w) => sum + w + GAP, -GAP);
      if (total <= room) return setFitting(widths.length);
      let used = more;
      let n = 0;
      while (n < widths.length && used + GAP + widths[n]! <= room) used += GAP + widths[n++]!;
      setFitting(n);
    };
    recount();
    const observer = new ResizeObserver(recount);
    observer.observe(row);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [count]);

  return { rowRef, measureRef, fitting: Math.min(fitting, count) };
}
