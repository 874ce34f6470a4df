import { useCallback } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { useTrackUsage } from '../../../shared/usage/useTrackUsage.ts';
import { ADD_PIN, DELETE_PIN, PINS, type Pin, REORDER_PINS, UPDATE_PIN } from '../graphql/pins.ts';

/** Every change refetches the list (spec 002 §7) and waits for it, so what is shown is what is stored. */
const refetch = { refetchQueries: [{ query: PINS }], awaitRefetchQueries: true };

export interface PinsApi {
  pins: Pin[];
  loading: boolean;
  add: (url: string, title: string) => Promise<void>;
  rename: (pin: Pin, title: string) => Promise<void>;
  remove: (pin: Pin) => Promise<void>;
  reorder: (ids: number[]) => Promise<void>;
}

/** The caller's bookmarks and their mutations; failures show a toast and change nothing. */
export function usePins(): PinsApi {
  const { t } = useTranslation();
  const track = useTrackUsage();
  const { data, loading } = useQuery(PINS);
  const [addPin] = useMutation(ADD_PIN, refetch);
  const [updatePin] = useMutation(UPDATE_PIN, refetch);
  const [deletePin] = useMutation(DELETE_PIN, refetch);
  const [reorderPins] = useMutation(REORDER_PINS, refetch);

  const guard = useCallback(
    async (run: () => Promise<unknown>, event: string, properties: Record<string, unknown>) => {
      try {
        await run();
        track(event, properties);
      } catch {
        showToast(t('pins.errors.saveFailed'), 'error');
      }
    },
    [t, track],
  );

  return {
    pins: data?.pins ?? [],
    loading,
    add: (url, title) => guard(() => addPin({ variables: { url, title } }), 'bookmarkAdded', { url }),
    rename: (pin, title) => guard(() => updatePin({ variables: { id: pin.id, title } }), 'bookmarkRenamed', { id: pin.id }),
    remove: (pin) => guard(() => deletePin({ variables: { id: pin.id } }), 'bookmarkRemoved', { id: pin.id }),
    reorder: (ids) => guard(() => reorderPins({ variables: { ids } }), 'bookmarkReordered', { count: ids.length }),
  };
}
