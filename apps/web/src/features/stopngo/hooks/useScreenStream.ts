import { useEffect, useState } from 'react';
import type { ScreenDisplay } from '../graphql/stopngo.ts';
import { type ScreenLink, watchScreen } from '../screen/watchScreen.ts';

/** The entrance screen's latest news and the state of its link, while the page is open. */
export function useScreenStream(secret: string | null): { display: ScreenDisplay | null; link: ScreenLink } {
  const [display, setDisplay] = useState<ScreenDisplay | null>(null);
  const [link, setLink] = useState<ScreenLink>('connecting');
  useEffect(() => {
    if (!secret) return;
    return watchScreen({ url: '/graphql', secret, onDisplay: setDisplay, onLink: setLink });
  }, [secret]);
  return { display, link };
}
