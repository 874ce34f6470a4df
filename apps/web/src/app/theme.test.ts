import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, defaultCssVariablesResolver, getContrastColor, mergeMantineTheme, toRgba } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const defaults = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
// The light scheme's variables as the page gets them: Mantine's, then ours on top.
const vars: Record<string, string> = { ...defaults.variables, ...defaults.light, ...ours.variables, ...ours.light };

type Rgb = [number, number, number];

/** A CSS colour from the variables, var() references followed; alpha composited over `under`. */
function resolve(value: string, under: Rgb = [255, 255, 255]): Rgb {
  const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (ref) {
    const name = ref[1]!;
    const shade = /^--mantine-color-(\w+)-(\d)$/.exec(name);
    return resolve(vars[name] ?? (shade ? merged.colors[shade[1]!]![Number(shade[2])]! : name), under);
  }
  const { r, g, b, a } = toRgba(value);
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a)];
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
/** WCAG 2 contrast ratio. */
const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('theme contrast (WCAG AA, 4.5:1 for normal text)', () => {
  const body = resolve(vars['--mantine-color-body']!);

  it('checks white on white as 1:1 and black on white as 21:1', () => {
    expect(contrast([255, 255, 255], body)).toBeCloseTo(1);
    expect(contrast([0, 0, 0], body)).toBeCloseTo(21);
  });

  // Light badges, buttons, alerts and theme icons (the live badge on KPI cards, the family badges on site cards ...).
  it.each(Object.keys(merged.colors))('light variant of %s: text on its tint, at rest and hovered', (color) => {
    const text = resolve(vars[`--mantine-color-${color}-light-color`]!);
    for (const background of [`--mantine-color-${color}-light`, `--mantine-color-${color}-light-hover`]) {
      expect(contrast(text, resolve(vars[background]!, body)), background).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed text and links on the page', () => {
    expect(contrast(resolve(vars['--mantine-color-dimmed']!), body)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(vars['--mantine-color-anchor']!), body)).toBeGreaterThanOrEqual(4.5);
  });

  // Colorimetry bands are any colour a user picks; their filled badges ask Mantine for black or white text.
  it('autoContrast picks a readable text for any band colour', () => {
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    const colours: string[] = [];
    for (let r = 0; r < 256; r += 15) for (let g = 0; g < 256; g += 15) for (let b = 0; b < 256; b += 15) colours.push(`#${hex(r)}${hex(g)}${hex(b)}`);
    const worst = colours
      .map((background) => ({ background, ratio: contrast(resolve(getContrastColor({ color: background, theme: merged, autoContrast: true })), resolve(background)) }))
      .sort((a, b) => a.ratio - b.ratio)[0]!;
    expect(worst.ratio, worst.background).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.keys(merged.colors))('autoContrast on a filled %s badge', (color) => {
    const text = resolve(getContrastColor({ color, theme: merged, autoContrast: true }));
    expect(contrast(text, resolve(vars[`--mantine-color-${color}-filled`]!))).toBeGreaterThanOrEqual(4.5);
  });
});
