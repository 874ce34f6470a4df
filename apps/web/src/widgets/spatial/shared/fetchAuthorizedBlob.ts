export type BlobAnswer = { kind: 'ok'; blob: Blob } | { kind: 'missing' } | { kind: 'failed'; status: number };

export interface BlobFetchDeps {
  getToken: () => string | null;
  /** Single-flight token renewal: the new token, or null when the session is over. */
  renew: () => Promise<string | null>;
  fetch: typeof fetch;
}

/**
 * GETs a protected file with the bearer token (images cannot carry it in an <img src>): 404 is
 * "missing", a 401 renews the token once and retries, any other failure is "failed" (0: network).
 */
export async function fetchAuthorizedBlob(url: string, deps: BlobFetchDeps, signal?: AbortSignal): Promise<BlobAnswer> {
  const get = (token: string | null) => deps.fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin', signal });
  try {
    let response = await get(deps.getToken());
    if (response.status === 401) {
      const token = await deps.renew();
      if (!token) return { kind: 'failed', status: 401 };
      response = await get(token);
    }
    if (response.status === 404) return { kind: 'missing' };
    if (!response.ok) return { kind: 'failed', status: response.status };
    return { kind: 'ok', blob: await response.blob() };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', status: 0 };
  }
}
