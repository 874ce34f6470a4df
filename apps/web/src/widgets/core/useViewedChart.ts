import { type RefObject, useEffect } from 'react';
import { VIEWED_CHART_MS, VIEWED_CHART_RATIO } from '@sitelens/domain';
import { useTrackUsage } from '../../shared/usage/useTrackUsage.ts';

/** Records one viewed-chart event once the element has been at least half visible for 5 seconds (spec 001 §4). */
export function useViewedChart(ref: RefObject<HTMLElement | null>, properties: Record<string, unknown>, enabled: boolean): void {
  const track = useTrackUsage();
  const key = JSON.stringify(properties);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (done) return;
        if (entry?.isIntersecting && entry.intersectionRatio >= VIEWED_CHART_RATIO) {
          timer ??= setTimeout(() => {
            done = true;
            observer.disconnect();
            track('viewedChart', JSON.parse(key) as Record<string, unknown>);
          }, VIEWED_CHART_MS);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: [0, VIEWED_CHART_RATIO, 1] },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [ref, key, enabled, track]);
}
