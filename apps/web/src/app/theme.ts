import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above the 4.5:1 contrast ratio.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // A visible focus ring for keyboard users on every focusable element.
  focusRing: 'auto',
  // With autoContrast, black or white text is chosen at the luminance where both reach the same
  // contrast (WCAG's crossover, 0.179): either choice is then at least 4.58:1.
  luminanceThreshold: 0.179,
  // Transitions (menus, modals, collapses) are cut for readers whose system asks for less motion.
  respectReducedMotion: true,
});

/**
 * Mantine's default light-variant texts, dimmed text and links fall below WCAG AA contrast on
 * their backgrounds; shade 9 brings most above 4.5:1, and the few whose shade 9 is still too light
 * on its own tint get a darker text of their own. theme.test.ts checks every colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-9)',
    ...Object.fromEntries(Object.keys(t.colors).map((name) => [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`])),
    '--mantine-color-green-light-color': '#267b37',
    '--mantine-color-lime-light-color': '#4b790b',
    '--mantine-color-yellow-light-color': '#a85700',
    '--mantine-color-orange-light-color': '#a33f00',
    '--mantine-color-teal-light-color': '#05664a',
  },
  dark: {},
});
