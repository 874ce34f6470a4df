/** One CSV record: its 1-based number in the file and its fields as text. */
export interface CsvRecord {
  row: number;
  fields: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;
const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * An RFC 4180 reader fed text in pieces of any size: fields in double quotes may hold delimiters,
 * line breaks and doubled quotes; records end with CRLF, LF or CR. The delimiter is the one of
 * comma, semicolon and tab found most often outside quotes in the first record (French spreadsheets
 * write semicolons). Keeps only the record being read, so a file never has to be held whole.
 */
export class CsvReader {
  private delimiter: string | null = null;
  private pending = '';
  private first = true;
  private state: 'start' | 'plain' | 'quoted' | 'quote' = 'start';
  private field = '';
  private fields: string[] = [];
  private row = 0;
  private lastWasCr = false;

  /** Records completed by this piece of text. */
  push(text: string): CsvRecord[] {
    if (this.first) {
      if (text.length === 0) return [];
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.first = false;
    }
    if (this.delimiter === null) {
      // Hold text back until the first record is complete, to choose the delimiter from it.
      this.pending += text;
      const end = firstRecordEnd(this.pending);
      if (end < 0) return [];
      this.delimiter = chooseDelimiter(this.pending.slice(0, end));
      text = this.pending;
      this.pending = '';
    }
    return this.scan(text);
  }

  /** The last record, when the text did not end with a line break. */
  end(): CsvRecord[] {
    const out: CsvRecord[] = [];
    if (this.delimiter === null) {
      this.delimiter = chooseDelimiter(this.pending);
      out.push(...this.scan(this.pending));
      this.pending = '';
    }
    if (this.state !== 'start' || this.fields.length > 0) out.push(this.finishRecord());
    return out;
  }

  /**
   * Where the text pushed so far ends: the line (record) being read and the index of its field.
   * Before the first record is complete, its delimiter is guessed from what has come of it.
   */
  position(): { row: number; field: number } {
    if (this.delimiter === null) {
      const probe = new CsvReader();
      const [partial] = [...probe.push(this.pending), ...probe.end()];
      return { row: 1, field: Math.max(0, (partial?.fields.length ?? 1) - 1) };
    }
    return { row: this.row + 1, field: this.fields.length };
  }

  private scan(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const d = this.delimiter!;
    const delimiter = d.charCodeAt(0);
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (this.lastWasCr) {
        this.lastWasCr = false;
        if (text.charCodeAt(i) === LF) {
          i++;
          continue;
        }
      }
      if (this.state === 'quoted') {
        // Everything up to the next quote belongs to the field, line breaks and delimiters included.
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          this.field += text.slice(i);
          break;
        }
        this.field += text.slice(i, quote);
        this.state = 'quote';
        i = quote + 1;
        continue;
      }
      if (this.state === 'quote') {
        // A doubled quote inside quotes is a literal quote; anything else closes the field's quotes.
        if (text.charCodeAt(i) === QUOTE) {
          this.field += '"';
          this.state = 'quoted';
          i++;
          continue;
        }
        this.state = 'plain';
      }
      // Plain text runs to the next delimiter, line break or quote, taken as one piece.
      let end = i;
      for (let c = text.charCodeAt(end); end < n && c !== delimiter && c !== LF && c !== CR && c !== QUOTE; c = text.charCodeAt(++end));
      if (end > i) {
        this.field += text.slice(i, end);
        this.state = 'plain';
        i = end;
        if (i === n) break;
      }
      const c = text.charCodeAt(i++);
      if (c === delimiter) {
        this.fields.push(this.field);
        this.field = '';
        this.state = 'start';
      } else if (c === LF || c === CR) {
        this.lastWasCr = c === CR;
        out.push(this.finishRecord());
      } else if (this.state === 'start') {
        this.state = 'quoted';
      } else {
        // A quote inside an unquoted field is part of it.
        this.field += '"';
      }
    }
    return out;
  }

  private finishRecord(): CsvRecord {
    this.fields.push(this.field);
    const record = { row: ++this.row, fields: this.fields };
    this.fields = [];
    this.field = '';
    this.state = 'start';
    return record;
  }
}

/** Index of the first line break outside quotes, or -1 when the first record is not complete yet. */
function firstRecordEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) return i;
  }
  return -1;
}

function chooseDelimiter(record: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of record) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best: string = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** Records of a text that arrives in pieces (a decoded file stream). */
export async function* csvRecords(pieces: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  const reader = new CsvReader();
  for await (const piece of pieces) yield* reader.push(piece);
  yield* reader.end();
}
