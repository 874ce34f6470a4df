import { SaxesParser, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/**
 * Elements kept: shapes, text, structure, paint servers, clipping, masking and filters that take no
 * outside input. Everything else goes with its content: script, foreignObject, animation (it can
 * rewrite links), feImage, metadata and editors' own elements.
 */
const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line',
  'polyline', 'polygon', 'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop',
  'clipPath', 'mask', 'pattern', 'marker', 'image', 'style', 'filter', 'feBlend', 'feColorMatrix',
  'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting', 'feDisplacementMap',
  'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);
/** Kept for their content only: a link's target would lead elsewhere. */
const UNWRAPPED = new Set(['a', 'switch']);
const TEXT_HOLDERS = new Set(['text', 'tspan', 'textPath', 'title', 'desc', 'style']);

const ATTRIBUTES = new Set(
  `id class style transform viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d
  points pathLength offset gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits
  patternTransform clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient
  fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-dasharray stroke-dashoffset opacity color display visibility overflow clip-path clip-rule mask filter
  marker-start marker-mid marker-end stop-color stop-opacity paint-order vector-effect shape-rendering
  text-rendering image-rendering color-interpolation color-interpolation-filters isolation mix-blend-mode
  font-family font-size font-weight font-style font-variant font-stretch letter-spacing word-spacing
  text-anchor text-decoration dominant-baseline alignment-baseline baseline-shift writing-mode direction
  dx dy rotate textLength lengthAdjust startOffset method spacing side version
  in in2 result stdDeviation mode type values operator k1 k2 k3 k4 flood-color flood-opacity lighting-color
  surfaceScale diffuseConstant specularConstant specularExponent kernelMatrix kernelUnitLength order divisor
  bias targetX targetY edgeMode preserveAlpha scale xChannelSelector yChannelSelector radius azimuth
  elevation pointsAtX pointsAtY pointsAtZ limitingConeAngle baseFrequency numOctaves seed stitchTiles
  tableValues slope intercept amplitude exponent filterUnits primitiveUnits enable-background media`.split(/\s+/),
);

/** Raster pictures embedded in the file itself (logos exported with a bitmap inside). */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;

export class SvgRejectedError extends Error {}

/**
 * Keeps only what CSS can do without reaching out: `url(#id)` references, no imports, no
 * escapes (which could spell anything), no script-bearing values of old browsers.
 */
export function cssIsSelfContained(css: string): boolean {
  if (/[\\<]/.test(css)) return false;
  if (/@import|@font-face|@namespace|expression\s*\(|javascript\s*:|behavior\s*:|-moz-binding|image-set\s*\(|\bimage\s*\(|\bsrc\s*\(/i.test(css)) return false;
  for (const match of css.matchAll(/url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi)) if (!match[2]!.startsWith('#')) return false;
  return true;
}

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');

function keptAttributes(tag: SaxesTagNS): string {
  let out = '';
  for (const attribute of Object.values(tag.attributes)) {
    const { prefix, local, uri, value } = attribute;
    if (prefix === 'xmlns' || (prefix === '' && local === 'xmlns')) continue;
    if (/^on/i.test(local)) continue;
    if (local === 'href' && (uri === '' || uri === XLINK_NS)) {
      const fragment = value.trim().startsWith('#');
      if (fragment || (tag.local === 'image' && EMBEDDED_RASTER.test(value.trim()))) out += ` xlink:href="${escapeAttribute(value.trim())}"`;
      continue;
    }
    if (uri === XML_NS && local === 'space') {
      out += ` xml:space="${escapeAttribute(value)}"`;
      continue;
    }
    if (uri !== '' || !ATTRIBUTES.has(local)) continue;
    if (!cssIsSelfContained(value)) continue;
    out += ` ${local}="${escapeAttribute(value)}"`;
  }
  return out;
}

/**
 * An SVG rebuilt from a strict XML parse, keeping only known-safe elements and attributes: no
 * script, no event handler, no reference outside the file (links, external images, fonts, CSS
 * imports). Entities beyond XML's own are refused by the parser, so no external entity is read.
 * Throws SvgRejectedError when the text is not well-formed SVG.
 */
export function sanitizeSvg(source: string): string {
  const parser = new SaxesParser({ xmlns: true });
  const out: string[] = [];
  const open: Array<string | null> = []; // element names written, null for unwrapped ones
  let skipping = 0;
  let sawRoot = false;
  let style: string[] | null = null;

  parser.on('opentag', (tag) => {
    if (skipping > 0) {
      skipping++;
      return;
    }
    const svgNamespace = tag.uri === SVG_NS || (tag.uri === '' && !tag.prefix);
    if (!sawRoot) {
      if (tag.local !== 'svg' || !svgNamespace) throw new SvgRejectedError('the root element is not svg');
      sawRoot = true;
      out.push(`<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"${keptAttributes(tag)}>`);
      open.push('svg');
      return;
    }
    if (svgNamespace && UNWRAPPED.has(tag.local)) {
      open.push(null);
      return;
    }
    if (!svgNamespace || !ELEMENTS.has(tag.local)) {
      skipping = 1;
      return;
    }
    if (tag.local === 'style') style = [];
    out.push(`<${tag.local}${keptAttributes(tag)}>`);
    open.push(tag.local);
  });

  parser.on('closetag', () => {
    if (skipping > 0) {
      skipping--;
      return;
    }
    const name = open.pop();
    if (name === 'style' && style) {
      const css = style.join('');
      if (cssIsSelfContained(css)) out.push(escapeText(css));
      style = null;
    }
    if (name) out.push(`</${name}>`);
  });

  const onText = (text: string) => {
    if (skipping > 0) return;
    const holder = open.filter((n) => n !== null).at(-1);
    if (!holder || !TEXT_HOLDERS.has(holder)) return;
    if (holder === 'style') style?.push(text);
    else out.push(escapeText(text));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (error) => {
    throw new SvgRejectedError(error.message);
  });

  try {
    parser.write(source).close();
  } catch (error) {
    if (error instanceof SvgRejectedError) throw error;
    throw new SvgRejectedError(error instanceof Error ? error.message : String(error));
  }
  if (!sawRoot) throw new SvgRejectedError('no svg element');
  return out.join('');
}
