import { useApolloClient } from '@apollo/client';
import { useCallback, useEffect, useState } from 'react';
import { PUSH_SUBSCRIBED, SEND_TEST_PUSH, SUBSCRIBE_PUSH, UNSUBSCRIBE_PUSH, WEB_PUSH_PUBLIC_KEY } from '../graphql/messages.ts';
import { applicationServerKey } from './applicationServerKey.ts';

/** unsupported: no service worker or Push API here; blocked: the user refused notifications to the site. */
export type BrowserPushState = 'loading' | 'unsupported' | 'blocked' | 'off' | 'on';

const WORKER_URL = '/sw.js';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL);
  return navigator.serviceWorker.ready;
}

/**
 * This browser's notifications for the signed-in user: the service worker, the browser's push
 * subscription and the server's record of it, kept in step. A subscription the server does not
 * hold for this user (another user signed in here before) counts as off.
 */
export function useBrowserPush() {
  const client = useApolloClient();
  const [state, setState] = useState<BrowserPushState>('loading');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!supported()) return setState('unsupported');
      if (Notification.permission === 'denied') return setState('blocked');
      try {
        const subscription = await (await registration()).pushManager.getSubscription();
        if (!subscription) return live && setState('off');
        const { data } = await client.query({ query: PUSH_SUBSCRIBED, variables: { endpoint: subscription.endpoint }, fetchPolicy: 'network-only' });
        if (live) setState(data.pushSubscribed ? 'on' : 'off');
      } catch {
        if (live) setState('off');
      }
    })();
    return () => {
      live = false;
    };
  }, [client]);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOn = () =>
    run(async () => {
      if ((await Notification.requestPermission()) !== 'granted') return setState('blocked');
      const { data } = await client.query({ query: WEB_PUSH_PUBLIC_KEY, fetchPolicy: 'network-only' });
      const manager = (await registration()).pushManager;
      const key = applicationServerKey(data.webPushPublicKey);
      let subscription = await manager.getSubscription();
      // A subscription made with another server key cannot receive ours: replace it.
      if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const json = subscription.toJSON();
      await client.mutate({
        mutation: SUBSCRIBE_PUSH,
        variables: { subscription: { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
      });
      setState('on');
    });

  const turnOff = () =>
    run(async () => {
      const subscription = await (await registration()).pushManager.getSubscription();
      if (subscription) {
        await client.mutate({ mutation: UNSUBSCRIBE_PUSH, variables: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState('off');
    });

  const sendTest = () => run(async () => void (await client.mutate({ mutation: SEND_TEST_PUSH })));

  return { state, busy, failed, turnOn, turnOff, sendTest };
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i]);
}
