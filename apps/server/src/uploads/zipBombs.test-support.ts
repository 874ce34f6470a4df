import { deflateRawSync, constants } from 'node:zlib';

/** One file of a package: its name, its bytes deflated, and the size its headers declare. */
interface PackedEntry {
  name: string;
  deflated: Uint8Array;
  declaredSize: number;
}

/** `unit` repeated until `bytes`, deflated without holding the whole: one compressed block repeated (full flush), then a final empty block. */
export function deflatedRepeat(unit: string, bytes: number): Uint8Array {
  const chunkText = unit.repeat(Math.max(1, Math.floor((1024 * 1024) / unit.length)));
  const chunk = Buffer.from(chunkText);
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const times = Math.max(1, Math.floor(bytes / chunk.length));
  const out = new Uint8Array(block.length * times + 2);
  for (let i = 0; i < times; i++) out.set(block, i * block.length);
  // A final fixed-Huffman block holding only its end code.
  out.set([0x03, 0x00], block.length * times);
  return out;
}

const deflated = (text: string) => new Uint8Array(deflateRawSync(Buffer.from(text)));

/** A ZIP package of the entries (CRCs left 0: the readers under test refuse these files before any CRC would matter). */
export function zipOf(entries: PackedEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, e.deflated);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(e.deflated.length, 20);
    header.writeUInt32LE(e.declaredSize, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const size = central.reduce((n, p) => n + p.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...parts, ...central, end]));
}

const WORKBOOK = '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sales" sheetId="1" r:id="rId1"/></sheets></workbook>';
const RELS =
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>';
const SHEET = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>';

export type BombKind =
  /** Shared strings that unpack to `bytes`, declared as such: refused from the central directory alone. */
  | 'declared'
  /** The same, declared as 1 KB: refused once the counted bytes pass the declared size. */
  | 'lying'
  /** Shared strings of one letter each, declared within the limits: refused when their count passes the limit. */
  | 'strings'
  /** A worksheet of empty cells, declared within the limits: refused when the cells pass the limit. */
  | 'cells';

/** A spreadsheet bomb of `bytes` unpacked: a valid package around one huge part. */
export function xlsxBomb(kind: BombKind, bytes: number): Uint8Array {
  const big =
    kind === 'cells'
      ? { name: 'xl/worksheets/sheet1.xml', unit: '<c r="A1"/>', head: '<worksheet><sheetData><row r="1">' }
      : { name: 'xl/sharedStrings.xml', unit: kind === 'strings' ? '<si><t>x</t></si>' : '<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>', head: '<sst>' };
  const body = deflatedRepeat(big.unit, bytes);
  // The head is its own stored-free deflate stream: the body's first block follows a non-final block of the head.
  const head = deflateRawSync(Buffer.from(big.head), { finishFlush: constants.Z_FULL_FLUSH });
  const stream = new Uint8Array(head.length + body.length);
  stream.set(head);
  stream.set(body, head.length);
  const declaredSize = kind === 'lying' ? 1024 : Math.min(0xfffffffe, bytes + big.head.length);
  const entries: PackedEntry[] = [
    { name: '[Content_Types].xml', deflated: deflated('<Types/>'), declaredSize: 8 },
    { name: 'xl/workbook.xml', deflated: deflated(WORKBOOK), declaredSize: WORKBOOK.length },
    { name: 'xl/_rels/workbook.xml.rels', deflated: deflated(RELS), declaredSize: RELS.length },
  ];
  if (kind === 'cells') entries.push({ name: big.name, deflated: stream, declaredSize });
  else entries.push({ name: 'xl/worksheets/sheet1.xml', deflated: deflated(SHEET), declaredSize: SHEET.length }, { name: big.name, deflated: stream, declaredSize });
  return zipOf(entries);
}
