import { useEffect } from 'react';

/**
 * What a page needs on a display device: the screen kept awake (Wake Lock, where the browser has
 * it), full screen on the first tap, and a `data-kiosk` mark on the body so overlays meant for
 * people at a desk (the cookie notice) stay hidden.
 */
export function useDisplayDevice(): void {
  useEffect(() => {
    document.body.dataset.kiosk = '';
    let lock: { release(): Promise<void> } | null = null;
    const keepAwake = async () => {
      try {
        lock = (await (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock?.request('screen')) ?? null;
      } catch {
        // Refused (battery saver, no permission): the device's own settings decide.
      }
    };
    // A lock is dropped whenever the page is hidden; take it again when it shows.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void keepAwake();
    };
    const fullScreen = () => {
      if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => undefined);
    };
    void keepAwake();
    document.addEventListener('visibilitychange', onVisible);
    document.addEventListener('click', fullScreen);
    return () => {
      delete document.body.dataset.kiosk;
      document.removeEventListener('visibilitychange', onVisible);
      document.removeEventListener('click', fullScreen);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}
