import { useEffect } from 'react';

/** Names the browser tab after the screen, which screen readers announce on navigation. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Sitelens` : 'Sitelens';
  }, [title]);
}
