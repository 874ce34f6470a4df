const FROM = 'from';
const HOME = '/analytics';

export function loginPathFor(origin: string): string {
  if (!origin || origin === '/' || origin.startsWith('/login')) return '/login';
  return `/login?${new URLSearchParams({ [FROM]: origin }).toString()}`;
}

/** Where to land after sign-in; only same-site paths are followed, never another origin. */
export function returnPathFrom(search: string): string {
  const from = new URLSearchParams(search).get(FROM);
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return HOME;
  return from;
}
