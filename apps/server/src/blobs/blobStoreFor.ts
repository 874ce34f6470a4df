import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import type { BlobStore } from './blobStore.ts';
import { fileBlobStore } from './fileBlobStore.ts';

const stores = new Map<string, BlobStore>();

/** The configured store: files under DATA_DIR/blobs (an S3 store would plug in here). */
export function blobStoreFor(config: Pick<Config, 'DATA_DIR'>): BlobStore {
  const root = join(resolve(config.DATA_DIR), 'blobs');
  let store = stores.get(root);
  if (!store) stores.set(root, (store = fileBlobStore(root)));
  return store;
}
