import { foldForSearch } from '@sitelens/domain';

/** The columns the user list sorts by. */
export type UserSortKey = 'name' | 'email' | 'createdAt' | 'lastSignInAt';
export type SortDirection = 'ascending' | 'descending';

export const USERS_PER_PAGE = 25;

export interface ListedUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  createdAt: string;
  profile?: { name: string } | null;
}

export interface UserListOptions {
  query: string;
  sort: UserSortKey;
  direction: SortDirection;
  /** 1-based; past the last page, the last page is shown. */
  page: number;
  locale: string;
  lastSignInAt: (userId: number) => string | null | undefined;
}

/**
 * The page of users an administrator of a large organization looks at: those whose name, e-mail or
 * rights profile holds every word typed, sorted by a column (ties by name, then id, so the order
 * never jumps), one page of USERS_PER_PAGE. Never-signed-in users sort after every date.
 */
export function userListView<U extends ListedUser>(users: readonly U[], o: UserListOptions): { rows: U[]; matching: number; pages: number; page: number } {
  const words = foldForSearch(o.query).split(/\s+/).filter(Boolean);
  const haystack = (u: U) => foldForSearch(`${u.firstName} ${u.lastName} ${u.email} ${u.profile?.name ?? ''}`);
  const found = words.length === 0 ? [...users] : users.filter((u) => { const h = haystack(u); return words.every((w) => h.includes(w)); });
  const collator = new Intl.Collator(o.locale, { sensitivity: 'base', numeric: true });
  const byName = (a: U, b: U) => collator.compare(`${a.firstName} ${a.lastName}`.trim() || a.email, `${b.firstName} ${b.lastName}`.trim() || b.email) || a.id - b.id;
  const sign = o.direction === 'ascending' ? 1 : -1;
  const compare = (a: U, b: U): number => {
    switch (o.sort) {
      case 'name':
        return sign * byName(a, b);
      case 'email':
        return sign * collator.compare(a.email, b.email) || byName(a, b);
      case 'createdAt':
        return sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt)) || byName(a, b);
      case 'lastSignInAt': {
        const x = o.lastSignInAt(a.id);
        const y = o.lastSignInAt(b.id);
        if (!x || !y) return (x ? -1 : 0) + (y ? 1 : 0) || byName(a, b);
        return sign * (Date.parse(x) - Date.parse(y)) || byName(a, b);
      }
    }
  };
  found.sort(compare);
  const pages = Math.max(1, Math.ceil(found.length / USERS_PER_PAGE));
  const page = Math.min(Math.max(1, o.page), pages);
  return { rows: found.slice((page - 1) * USERS_PER_PAGE, page * USERS_PER_PAGE), matching: found.length, pages, page };
}
