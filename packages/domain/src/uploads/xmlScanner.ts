import { UnreadableUploadError } from './uploadLimits.ts';

/** What an XmlScanner reports; names without their namespace prefix (`x:row` is `row`). */
export interface XmlHandlers {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five entities and character references; anything else is left as written (no DTD is ever read). */
export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

/** One attribute's value from a tag's attribute text (`r="A1" t="s"`), decoded; undefined when absent. */
export function xmlAttribute(attributes: string, name: string): string | undefined {
  let from = 0;
  for (;;) {
    const at = attributes.indexOf(name, from);
    if (at < 0) return undefined;
    from = at + name.length;
    const before = at === 0 ? ' ' : attributes[at - 1]!;
    if (before !== ' ' && before !== '\t' && before !== '\n' && before !== '\r' && before !== ':') continue;
    let i = from;
    while (attributes[i] === ' ') i++;
    if (attributes[i] !== '=') continue;
    i++;
    while (attributes[i] === ' ') i++;
    const quote = attributes[i];
    if (quote !== '"' && quote !== "'") continue;
    const end = attributes.indexOf(quote, i + 1);
    if (end < 0) return undefined;
    return decodeXmlText(attributes.slice(i + 1, end));
  }
}

/** The longest unfinished piece (a text or a tag) held while waiting for its end: Excel's cells hold at most 32,767 characters. */
const MAX_PENDING = 1024 * 1024;

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * A small streaming XML reader for the parts of a spreadsheet package: fed text in pieces of any
 * size, it reports tags and text as they complete and keeps only the unfinished tail. It reads
 * no DTD (a document with one is refused: entity definitions are how XML bombs grow), expands no
 * entity but XML's own, and skips comments and processing instructions.
 */
export class XmlScanner {
  private pending = '';

  constructor(private readonly on: XmlHandlers) {}

  push(piece: string): void {
    const text = this.pending ? this.pending + piece : piece;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const lt = text.indexOf('<', i);
      if (lt < 0) {
        // Text runs on into the next piece: keep it whole, an entity may be cut.
        this.pending = text.slice(i);
        if (this.pending.length > MAX_PENDING) throw new UnreadableUploadError('an XML text longer than 1 MB');
        return;
      }
      if (lt > i) this.on.text(decodeXmlText(text.slice(i, lt)));
      i = lt;
      const next = text.charCodeAt(i + 1);
      if (next === 33 /* ! */) {
        if (text.startsWith('<!--', i)) {
          const end = text.indexOf('-->', i + 4);
          if (end < 0) break;
          i = end + 3;
        } else if (text.startsWith('<![CDATA[', i)) {
          const end = text.indexOf(']]>', i + 9);
          if (end < 0) break;
          this.on.text(text.slice(i + 9, end));
          i = end + 3;
        } else if (n - i < 9) {
          break;
        } else {
          throw new UnreadableUploadError('XML with a document type declaration');
        }
        continue;
      }
      if (next === 63 /* ? */) {
        const end = text.indexOf('?>', i + 2);
        if (end < 0) break;
        i = end + 2;
        continue;
      }
      const end = tagEnd(text, i + 1);
      if (end < 0) break;
      if (next === 47 /* / */) {
        this.on.close(localName(text.slice(i + 2, end).trim()));
      } else {
        const selfClosing = text.charCodeAt(end - 1) === 47;
        const body = text.slice(i + 1, selfClosing ? end - 1 : end);
        let space = 0;
        while (space < body.length && body.charCodeAt(space) > 32) space++;
        const name = localName(body.slice(0, space));
        if (!name) throw new UnreadableUploadError('XML with an empty tag');
        this.on.open(name, body.slice(space), selfClosing);
        if (selfClosing) this.on.close(name);
      }
      i = end + 1;
    }
    this.pending = i < n ? text.slice(i) : '';
    if (this.pending.length > MAX_PENDING) throw new UnreadableUploadError('an XML text or tag longer than 1 MB');
  }

  end(): void {
    if (this.pending.trim()) throw new UnreadableUploadError('XML that ends inside a tag');
    this.pending = '';
  }
}

/** The `>` closing the tag whose name starts at `from`, outside quoted attribute values; -1 when not here yet. */
function tagEnd(text: string, from: number): number {
  let quote = 0;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) quote = c;
    else if (c === 62) return i;
  }
  return -1;
}
