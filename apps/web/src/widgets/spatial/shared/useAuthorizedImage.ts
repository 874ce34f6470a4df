import { useEffect, useState } from 'react';
import { fetchAuthorizedBlob } from './fetchAuthorizedBlob.ts';
import { sessionBlobDeps } from './sessionImage.ts';

export type ImageState = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'missing' } | { status: 'failed' };

/** A protected image as an object URL, fetched with the bearer token when `url` is set (lazy: null fetches nothing). */
export function useAuthorizedImage(url: string | null): ImageState {
  const [state, setState] = useState<{ url: string | null; image: ImageState }>({ url: null, image: { status: 'loading' } });
  useEffect(() => {
    if (!url) return;
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetchAuthorizedBlob(url, sessionBlobDeps, abort.signal)
      .then((answer) => {
        if (answer.kind === 'ok') {
          objectUrl = URL.createObjectURL(answer.blob);
          setState({ url, image: { status: 'ready', src: objectUrl } });
        } else setState({ url, image: { status: answer.kind } });
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.url === url ? state.image : { status: 'loading' };
}
