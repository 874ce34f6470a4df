import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

// Where Mantine's default manager kept the scheme; earlier builds left a stale value there.
const LEGACY_KEY = 'mantine-color-scheme-value';

/**
 * The colour scheme lives in this page's memory only: it comes from the signed-in profile's theme
 * (CallerProvider), never from the browser. Mantine's default manager wrote it to localStorage and
 * shared it between tabs, so a viewed user's dark theme outlived the view-as, even across reloads.
 */
export function profileColorScheme(): MantineColorSchemeManager {
  let value: MantineColorScheme | null = null;
  return {
    get: (defaultValue) => {
      try {
        localStorage.removeItem(LEGACY_KEY);
      } catch {
        // Storage denied: nothing was kept there either.
      }
      return value ?? defaultValue;
    },
    set: (next) => {
      value = next;
    },
    subscribe: () => undefined,
    unsubscribe: () => undefined,
    clear: () => {
      value = null;
    },
  };
}
