import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionStore } from '../../auth/sessionStore.ts';
import { type BuilderConfig, parseBuilderMessage } from '../builderMessages.ts';

/**
 * Listens to the admin tool (spec 001 §2, widget builder). Only messages whose origin is exactly
 * the configured trusted origin are read; every other message is ignored. Once listening, the page
 * tells its opener or parent it is ready.
 */
export function useBuilderMessages(trustedOrigin: string | null): BuilderConfig | null {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [config, setConfig] = useState<BuilderConfig | null>(null);
  useEffect(() => {
    if (!trustedOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== trustedOrigin) return;
      const message = parseBuilderMessage(event.data);
      if (!message) return;
      // Init leads to the builder route; already there, it changes nothing (a new location would reset the page).
      if (message.type === 'init') {
        if (pathname !== '/widget-builder') void navigate('/widget-builder', { replace: true });
      } else if (message.type === 'token') sessionStore.signIn(message.token, 'handedOver');
      else setConfig(message.config);
    };
    window.addEventListener('message', onMessage);
    const host = window.opener ?? (window.parent !== window ? window.parent : null);
    (host as Window | null)?.postMessage({ type: 'ready' }, trustedOrigin);
    return () => window.removeEventListener('message', onMessage);
  }, [trustedOrigin, navigate, pathname]);
  return config;
}
