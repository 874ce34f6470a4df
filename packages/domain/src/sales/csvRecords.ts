/** One CSV record: its 1-based number in the file and its fields as text. */
export interface CsvRecord {
  row: number;
  fields: string[];
}

const DELIMITERS = [',', ';', '\t'] as const;

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

  private scan(text: string): CsvRecord[] {
    const out: CsvRecord[] = [];
    const d = this.delimiter!;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.lastWasCr) {
        this.lastWasCr = false;
        if (c === '\n') continue;
      }
      if (this.state === 'quoted') {
        if (c === '"') this.state = 'quote';
        else this.field += c;
        continue;
      }
      if (this.state === 'quote') {
        // A doubled quote inside quotes is a literal quote; anything else closes the field's quotes.
        if (c === '"') {
          this.field += '"';
          this.state = 'quoted';
          continue;
        }
        this.state = 'plain';
      }
      if (c === d) {
        this.fields.push(this.field);
        this.field = '';
        this.state = 'start';
      } else if (c === '\n' || c === '\r') {
        this.lastWasCr = c === '\r';
        out.push(this.finishRecord());
      } else if (c === '"' && this.state === 'start') {
        this.state = 'quoted';
      } else {
        this.field += c;
        this.state = 'plain';
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
