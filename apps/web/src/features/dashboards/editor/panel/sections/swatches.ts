/** Colours offered in every colour picker of the panel: the theme's readable hues, good to bad. */
export const SWATCHES = ['#16A34A', '#65A30D', '#CA8A04', '#EA580C', '#DC2626', '#2563EB', '#0D9488', '#9333EA', '#57534E'];

/** The colour a new row starts with: the next swatch after the rows already there. */
export const nextSwatch = (count: number): string => SWATCHES[count % SWATCHES.length]!;

/** Hex codes read left to right in an Arabic page too (no "DC2626#"). */
export const COLOR_INPUT_STYLES = { input: { unicodeBidi: 'plaintext' } } as const;
