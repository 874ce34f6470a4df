const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
const POSTGRES_EPOCH_MS = Date.UTC(2000, 0, 1);
const TWO_32 = 2 ** 32;
const encoder = new TextEncoder();

/**
 * Rows in COPY's binary format (`COPY ... FROM ... WITH (FORMAT binary)`): the server reads numbers
 * and times as they are instead of parsing their text. Columns are written in the COPY's column
 * order, each with the type of its column: int4, text (UTF-8), timestamptz (epoch milliseconds),
 * float8.
 */
export class BinaryCopy {
  private bytes: Uint8Array<ArrayBuffer>;
  private view: DataView;
  private at = 0;
  private readonly texts = new Map<string, Uint8Array>();

  constructor(expectedRows: number, bytesPerRow = 96) {
    this.bytes = new Uint8Array(19 + expectedRows * bytesPerRow + 2);
    this.view = new DataView(this.bytes.buffer);
    this.bytes.set(SIGNATURE);
    // Flags (no OIDs) and header extension length: both zero.
    this.at = 19;
  }

  /** Starts a row of `fields` columns. */
  row(fields: number): this {
    this.room(2);
    this.view.setInt16(this.at, fields);
    this.at += 2;
    return this;
  }

  int4(value: number): this {
    // The database would refuse the text of such a number; the binary form must not wrap it around.
    if ((value | 0) !== value) throw new RangeError(`${value} is out of range for type integer`);
    this.room(8);
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, value);
    this.at += 8;
    return this;
  }

  float8(value: number): this {
    this.room(12);
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, value);
    this.at += 12;
    return this;
  }

  /** Microseconds since 2000-01-01 UTC, as a 64-bit integer (exact for any millisecond time). */
  timestamptz(ms: number): this {
    const micros = (ms - POSTGRES_EPOCH_MS) * 1000;
    const high = Math.floor(micros / TWO_32);
    this.room(12);
    this.view.setInt32(this.at, 8);
    this.view.setInt32(this.at + 4, high);
    this.view.setUint32(this.at + 8, micros - high * TWO_32);
    this.at += 12;
    return this;
  }

  /** A calendar date ('YYYY-MM-DD'): days since 2000-01-01, as a 32-bit integer. */
  date(iso: string): this {
    return this.int4((Date.parse(`${iso}T00:00:00Z`) - POSTGRES_EPOCH_MS) / 86_400_000);
  }

  text(value: string): this {
    let encoded = this.texts.get(value);
    if (encoded === undefined && this.texts.size >= 10_000) {
      // Past the cache (ids, each written once): encoded in place, no array per value.
      this.room(4 + value.length * 3);
      const { written } = encoder.encodeInto(value, this.bytes.subarray(this.at + 4));
      this.view.setInt32(this.at, written);
      this.at += 4 + written;
      return this;
    }
    if (encoded === undefined) {
      encoded = encoder.encode(value);
      this.texts.set(value, encoded);
    }
    this.room(4 + encoded.length);
    this.view.setInt32(this.at, encoded.length);
    this.bytes.set(encoded, this.at + 4);
    this.at += 4 + encoded.length;
    return this;
  }

  /** A NULL field (length -1, no bytes). */
  null(): this {
    this.room(4);
    this.view.setInt32(this.at, -1);
    this.at += 4;
    return this;
  }

  /** The rows with the trailer, ready for COPY (PGlite reads a Blob). */
  blob(): Blob {
    return new Blob([this.finished()]);
  }

  /** The rows with the trailer, as bytes (PostgreSQL's COPY FROM STDIN). */
  finished(): Uint8Array<ArrayBuffer> {
    this.room(2);
    this.view.setInt16(this.at, -1);
    return this.bytes.subarray(0, this.at + 2);
  }

  private room(needed: number): void {
    if (this.at + needed + 2 <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.at + needed + 2));
    bigger.set(this.bytes.subarray(0, this.at));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }
}
