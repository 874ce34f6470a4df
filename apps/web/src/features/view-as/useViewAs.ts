import { useSyncExternalStore } from 'react';
import { viewAsStore, type ViewAsState } from './viewAsStore.ts';

export function useViewAs(): ViewAsState | null {
  return useSyncExternalStore(viewAsStore.subscribe, viewAsStore.getState);
}
