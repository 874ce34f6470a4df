import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { type BlobStore, checkBlobKey } from './blobStore.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Blobs as files under a root folder; writes go through a temporary file so readers never see half a blob. */
export function fileBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, ...checkBlobKey(key).split('/'));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const keys: string[] = [];
      await walk(folder ? join(root, ...checkBlobKey(folder).split('/')) : root, folder, keys);
      return keys.filter((key) => key.startsWith(prefix)).sort();
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Collects the keys of the files under `dir` (whose key prefix is `base`), skipping unfinished writes. */
async function walk(dir: string, base: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await walk(join(dir, entry.name), key, out);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) out.push(key);
  }
}
