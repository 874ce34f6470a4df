import { sessionRenewal } from '../../../features/auth/sessionRenewal.ts';
import { sessionStore } from '../../../features/auth/sessionStore.ts';
import { type BlobFetchDeps, fetchAuthorizedBlob } from './fetchAuthorizedBlob.ts';

/** The signed-in session's token and its renewal, for files an <img> cannot ask for with the token. */
export const sessionBlobDeps: BlobFetchDeps = {
  getToken: sessionStore.getToken,
  renew: () => sessionRenewal.renew(),
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
};

const asDataUrl = (blob: Blob) =>
  new Promise<string | null>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });

/**
 * An image as a data URL, to draw into an export: the app's own files are fetched with the session
 * (token and cookie), which is never sent elsewhere; null when the image cannot be read.
 */
export async function imageDataUrl(url: string): Promise<string | null> {
  const target = new URL(url, window.location.href);
  let blob: Blob | null = null;
  if (target.origin === window.location.origin) {
    const answer = await fetchAuthorizedBlob(target.href, sessionBlobDeps);
    if (answer.kind === 'ok') blob = answer.blob;
  } else {
    blob = await fetch(target.href, { credentials: 'omit' })
      .then((response) => (response.ok ? response.blob() : null))
      .catch(() => null);
  }
  return blob ? asDataUrl(blob) : null;
}
