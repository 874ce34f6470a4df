import { UnreadableUploadError, UploadLimitError } from './uploadLimits.ts';

/** One file of a ZIP package as its central directory declares it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** As declared: checked against the limits first, and again while inflating (it can lie). */
  uncompressedSize: number;
  /** Where its compressed bytes start. */
  dataOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

/**
 * Reads a ZIP's central directory (the end of the file) without inflating anything, and refuses a
 * package whose entries, or whose declared sizes, are past the limits: a bomb that declares its size
 * costs nothing. Encrypted entries, ZIP64 and other methods than stored and deflate are unreadable
 * (a spreadsheet uses none of them, and a 10 MB file needs no ZIP64).
 */
export function readZipDirectory(bytes: Uint8Array, limits: { maxEntries: number; maxUncompressedBytes: number }): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndOfDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || offset === ZIP64_MARK || size === ZIP64_MARK) throw new UploadLimitError('uncompressed', 'ZIP64');
  if (count > limits.maxEntries) throw new UploadLimitError('entries', `${count} entries`);
  if (offset + size > bytes.length) throw new UnreadableUploadError('the central directory lies outside the file');
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw new UnreadableUploadError('a damaged central directory');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (uncompressedSize === ZIP64_MARK || compressedSize === ZIP64_MARK || localOffset === ZIP64_MARK) throw new UploadLimitError('uncompressed', `ZIP64 entry ${name}`);
    total += uncompressedSize;
    if (total > limits.maxUncompressedBytes) throw new UploadLimitError('uncompressed', `${total} bytes declared`);
    if (flags & 1) throw new UnreadableUploadError(`encrypted entry ${name}`);
    if (method !== 0 && method !== 8) throw new UnreadableUploadError(`entry ${name} compressed with method ${method}`);
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== LOCAL) throw new UnreadableUploadError(`entry ${name} has no local header`);
    const dataOffset = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataOffset + compressedSize > bytes.length) throw new UnreadableUploadError(`entry ${name} runs past the end of the file`);
    entries.push({ name, method, compressedSize, uncompressedSize, dataOffset });
  }
  return entries;
}

function findEndOfDirectory(view: DataView): number {
  // The record is 22 bytes and may be followed by a comment of up to 65,535 bytes.
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - 0xffff; at--) {
    if (view.getUint32(at, true) === EOCD) return at;
  }
  throw new UnreadableUploadError('not a ZIP package (no central directory)');
}

/** Bytes inflated so far across a package's entries, against its total limit. */
export class InflateBudget {
  used = 0;
  constructor(readonly maxBytes: number) {}
}

const SLICE = 64 * 1024;

/**
 * An entry's bytes, inflated piece by piece and counted as they come: past its declared size, its
 * own limit or the package's budget, reading stops (the inflater is cancelled) and the limit is the
 * answer. Nothing of the entry is held here. Runs on DecompressionStream, in Node and in browsers.
 */
export async function* inflateZipEntry(bytes: Uint8Array, entry: ZipEntry, limit: { maxBytes: number; limit: 'sharedStrings' | 'part' | 'uncompressed' }, budget: InflateBudget): AsyncGenerator<Uint8Array> {
  const compressed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
  if (entry.uncompressedSize > limit.maxBytes) throw new UploadLimitError(limit.limit, `${entry.name}: ${entry.uncompressedSize} bytes declared`);
  const count = (length: number) => {
    if (length > entry.uncompressedSize) throw new UploadLimitError('uncompressed', `${entry.name} unpacks past its declared ${entry.uncompressedSize} bytes`);
    if (length > limit.maxBytes) throw new UploadLimitError(limit.limit, `${entry.name} unpacks past ${limit.maxBytes} bytes`);
  };
  if (entry.method === 0) {
    count(compressed.length);
    budget.used += compressed.length;
    if (budget.used > budget.maxBytes) throw new UploadLimitError('uncompressed', 'the package unpacks past its limit');
    for (let at = 0; at < compressed.length; at += SLICE) yield compressed.subarray(at, at + SLICE);
    return;
  }
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  // Fed a slice at a time, as the inflated bytes are taken: the inflater never runs ahead of the reader.
  const feeding = (async () => {
    for (let at = 0; at < compressed.length && !stopped; at += SLICE) {
      await writer.ready;
      await writer.write(compressed.slice(at, at + SLICE));
    }
    if (!stopped) await writer.close();
  })().catch(() => undefined);
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      budget.used += value.length;
      count(length);
      if (budget.used > budget.maxBytes) throw new UploadLimitError('uncompressed', 'the package unpacks past its limit');
      yield value;
    }
  } catch (error) {
    if (error instanceof UploadLimitError) throw error;
    throw new UnreadableUploadError(`entry ${entry.name} does not inflate: ${(error as Error).message}`);
  } finally {
    stopped = true;
    await reader.cancel().catch(() => undefined);
    await writer.abort().catch(() => undefined);
    await feeding;
  }
}
