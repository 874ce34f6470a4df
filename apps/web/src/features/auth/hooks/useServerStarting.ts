import { useEffect, useState } from 'react';

/** How often the sign-in page asks again while the server is still starting. */
const POLL_MS = 2000;

export interface ServerStarting {
  step: number;
  steps: number;
}

/**
 * While the server builds the demo organization on its first start it answers /healthz with 503
 * "starting" and the step (issue 33 item 7): the sign-in page asks until the answer is anything else.
 */
export function useServerStarting(): ServerStarting | null {
  const [starting, setStarting] = useState<ServerStarting | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      const next = await fetch('/healthz', { cache: 'no-store' })
        .then(async (response) => (response.status === 503 ? ((await response.json()) as { status?: string; step?: number; steps?: number }) : null))
        .catch(() => null);
      if (stopped) return;
      const now = next?.status === 'starting' ? { step: next.step ?? 0, steps: next.steps ?? 1 } : null;
      setStarting(now);
      if (now) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return starting;
}
