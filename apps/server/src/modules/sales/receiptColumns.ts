import type { ReadingRow } from '../metrics/write/readings.write.ts';

/** One accepted receipt, as the import stores it. */
export interface ReceiptInput {
  zoneId: number;
  receiptId: string;
  /** salesReceiptKey(receiptId): what a re-import matches on, whatever the file's encoding. */
  key: string;
  ts: number;
  bucket: number;
  items: number;
  turnover: number;
  amount: number;
  currency: string;
}

/** Accepted receipts of one file, column by column (150,000 of them stay a few arrays, not objects). */
export class ReceiptColumns {
  readonly zoneIds: number[] = [];
  readonly receiptIds: string[] = [];
  readonly keys: string[] = [];
  readonly ts: number[] = [];
  readonly buckets: number[] = [];
  readonly items: number[] = [];
  readonly turnover: number[] = [];
  readonly amounts: number[] = [];
  readonly currencies: string[] = [];

  get length(): number {
    return this.zoneIds.length;
  }

  push(r: ReceiptInput): void {
    this.zoneIds.push(r.zoneId);
    this.receiptIds.push(r.receiptId);
    this.keys.push(r.key);
    this.ts.push(r.ts);
    this.buckets.push(r.bucket);
    this.items.push(r.items);
    this.turnover.push(r.turnover);
    this.amounts.push(r.amount);
    this.currencies.push(r.currency);
  }

  /** The columns as plain data, for a worker's message. */
  toData(): ReceiptColumnsData {
    return { ...this };
  }

  /** The columns a worker sent. */
  static fromData(data: ReceiptColumnsData): ReceiptColumns {
    return Object.assign(new ReceiptColumns(), data);
  }
}

export type ReceiptColumnsData = Pick<ReceiptColumns, 'zoneIds' | 'receiptIds' | 'keys' | 'ts' | 'buckets' | 'items' | 'turnover' | 'amounts' | 'currencies'>;

/** What upsertReceipts wrote: receipts replaced, sales readings written, and the recent ones for the live channel. */
export interface WrittenReceipts {
  replaced: number;
  readings: number;
  recent: ReadingRow[];
}
