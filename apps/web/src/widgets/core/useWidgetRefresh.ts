import { type RefObject, useMemo, useRef } from 'react';
import { type Widget, type WidgetTiming, pollInterval } from '@sitelens/domain';
import { liveScope } from './liveScope.ts';
import type { RetailRequest } from './retailRequests.ts';
import { useLiveRefresh } from './useLiveRefresh.ts';
import type { WidgetContext } from './widgetContext.ts';

export interface WidgetRefresh {
  /** For the widget's queries: 0 while pushed readings drive the refresh (or in a preview). */
  pollMs: number;
  /** Set to the widget's re-read once its queries exist; called when pushed readings touch it. */
  refetchRef: RefObject<() => unknown>;
}

/**
 * How a widget's data stays current while its range includes now (spec 001 §4): a live widget
 * re-reads when the server pushes readings in its scope, every other one (and a live one whose
 * stream is down) is polled every minute or every 5 minutes.
 */
export function useWidgetRefresh(widget: Widget, ctx: WidgetContext, timing: WidgetTiming, requests: readonly RetailRequest[]): WidgetRefresh {
  const pushed = widget.realTime === 'live' && timing.includesNow && !ctx.preview;
  const scope = useMemo(() => (pushed ? liveScope(requests) : null), [pushed, requests]);
  const refetchRef = useRef<() => unknown>(() => undefined);
  const stream = useLiveRefresh(scope, () => refetchRef.current());
  return { pollMs: ctx.preview || stream === 'up' ? 0 : pollInterval(widget.realTime, timing), refetchRef };
}
