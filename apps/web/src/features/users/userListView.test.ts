import { describe, expect, it } from 'vitest';
import { USERS_PER_PAGE, type UserListOptions, userListView } from './userListView.ts';

const user = (id: number, firstName: string, lastName: string, email: string, createdAt: string, profile?: string) => ({
  id,
  firstName,
  lastName,
  email,
  createdAt,
  profile: profile ? { name: profile } : null,
});

const people = [
  user(1, 'Zoé', 'Martin', 'zoe@acme.test', '2026-03-01T10:00:00Z', 'Viewers'),
  user(2, 'Éric', 'Durand', 'eric@acme.test', '2026-01-01T10:00:00Z', 'Store managers'),
  user(3, 'adam', 'Smith', 'adam@acme.test', '2026-02-01T10:00:00Z'),
  user(4, 'Hélène', 'Bernard', 'helene@acme.test', '2026-04-01T10:00:00Z', 'Viewers'),
];
const signIns: Record<number, string> = { 1: '2026-12-01T08:00:00Z', 4: '2026-12-05T08:00:00Z' };
const base: UserListOptions = { query: '', sort: 'name', direction: 'ascending', page: 1, locale: 'en', lastSignInAt: (id) => signIns[id] };
const ids = (o: Partial<UserListOptions>) => userListView(people, { ...base, ...o }).rows.map((u) => u.id);

describe('userListView', () => {
  it.each([
    [{ sort: 'name', direction: 'ascending' }, [3, 2, 4, 1]],
    [{ sort: 'name', direction: 'descending' }, [1, 4, 2, 3]],
    [{ sort: 'email', direction: 'ascending' }, [3, 2, 4, 1]],
    [{ sort: 'createdAt', direction: 'descending' }, [4, 1, 3, 2]],
    [{ sort: 'createdAt', direction: 'ascending' }, [2, 3, 1, 4]],
    // Never signed in stays last whichever the direction, by name.
    [{ sort: 'lastSignInAt', direction: 'descending' }, [4, 1, 3, 2]],
    [{ sort: 'lastSignInAt', direction: 'ascending' }, [1, 4, 3, 2]],
  ] as const)('sorts %o: case and accents do not put "adam" or "Éric" at the end', (o, expected) => {
    expect(ids(o)).toEqual(expected);
  });

  it.each([
    ['helene', [4]],
    ['ERIC', [2]],
    ['viewers', [4, 1]],
    ['martin zoe', [1]],
    ['@acme.test', [3, 2, 4, 1]],
    ['nobody', []],
  ])('finds %s by name, e-mail or profile, every word, without accents or case', (query, expected) => {
    expect(ids({ query })).toEqual(expected);
  });

  it('pages a large organization by USERS_PER_PAGE; a page past the last shows the last', () => {
    const many = Array.from({ length: 2 * USERS_PER_PAGE + 3 }, (_, i) => user(i + 1, `User ${i + 1}`, '', `u${i + 1}@acme.test`, '2026-01-01T00:00:00Z'));
    const first = userListView(many, base);
    expect(first).toMatchObject({ matching: many.length, pages: 3, page: 1 });
    expect(first.rows.map((u) => u.firstName).slice(0, 3)).toEqual(['User 1', 'User 2', 'User 3']); // numeric order, not "User 10"
    const last = userListView(many, { ...base, page: 9 });
    expect(last).toMatchObject({ page: 3 });
    expect(last.rows).toHaveLength(3);
    expect(userListView(many, { ...base, query: 'nobody' })).toMatchObject({ rows: [], matching: 0, pages: 1, page: 1 });
  });
});
