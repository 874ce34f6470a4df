/**
 * Binary objects by key (heatmap images, later uploads and exports). Keys are '/'-separated
 * paths of safe characters, so the same key works on a file system and in an S3 bucket.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when there is no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Every key starting with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export class BadBlobKeyError extends Error {}

/** Refuses keys that could leave the store ('..', absolute paths, odd characters). */
export function checkBlobKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '.' || part === '..' || part.includes('..'))) {
    throw new BadBlobKeyError(`bad blob key: ${JSON.stringify(key)}`);
  }
  return key;
}
