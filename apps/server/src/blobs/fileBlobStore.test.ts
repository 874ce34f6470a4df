import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blobStore.ts';
import { fileBlobStore } from './fileBlobStore.ts';

let root: string;
let store: BlobStore;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitelens-blobs-'));
  store = fileBlobStore(root);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('fileBlobStore', () => {
  it('keeps bytes as files and gives them back', async () => {
    await store.put('heatmaps/1/0/2026_03_12/all.png', Buffer.from([1, 2, 3]));
    expect(await store.get('heatmaps/1/0/2026_03_12/all.png')).toEqual(Buffer.from([1, 2, 3]));
    expect(await readdir(join(root, 'heatmaps', '1', '0', '2026_03_12'))).toEqual(['all.png']);
    expect(await store.get('heatmaps/1/0/2026_03_12/male.png')).toBeNull();
  });

  it('lists keys under a prefix, sorted, and forgets deleted ones', async () => {
    await store.put('heatmaps/1/0/2026_03_11/all.png', Buffer.from([4]));
    await store.put('heatmaps/12/0/2026_03_11/all.png', Buffer.from([5]));
    expect(await store.list('heatmaps/1/')).toEqual(['heatmaps/1/0/2026_03_11/all.png', 'heatmaps/1/0/2026_03_12/all.png']);
    expect(await store.list('heatmaps/1')).toHaveLength(3);
    expect(await store.list('nothing/here/')).toEqual([]);
    await store.delete('heatmaps/1/0/2026_03_11/all.png');
    expect(await store.list('heatmaps/1/')).toEqual(['heatmaps/1/0/2026_03_12/all.png']);
  });

  it.each(['../escape.png', 'a/../../b', '/etc/passwd', 'a//b', 'a/./b', 'a b'])('refuses the key %s', async (key) => {
    await expect(store.put(key, Buffer.from([0]))).rejects.toThrow(/bad blob key/);
    await expect(store.get(key)).rejects.toThrow(/bad blob key/);
  });
});
