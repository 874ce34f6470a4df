import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@sitelens/domain';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/testDatabase.ts';
import { errorCode, startTestServer } from '../../test/testServer.ts';

let database: Database;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database);
});

afterAll(async () => {
  await server.close();
  await database.close();
});

describe('translation catalogues', () => {
  it('publishes a version and the six languages, without sign-in', async () => {
    const r = await server.gql('{ translationDetailsByProject(project:"retail"){ version allowedLanguages languages } }');
    const details = r.data?.translationDetailsByProject;
    expect(details.version).toMatch(/^[0-9a-f]{16}$/);
    expect([...details.allowedLanguages].sort()).toEqual([...LANGUAGES].sort());
    expect([...details.languages].sort()).toEqual([...LANGUAGES].sort());
  });

  it('serves each language’s texts, and refuses unknown projects and languages', async () => {
    const fr = await server.gql('{ translationsByProject(project:"retail", lang:"fr") }');
    const ar = await server.gql('{ translationsByProject(project:"retail", lang:"ar") }');
    expect(fr.data?.translationsByProject.login.title).toBeTruthy();
    expect(ar.data?.translationsByProject.login.title).not.toBe(fr.data?.translationsByProject.login.title);
    expect(errorCode(await server.gql('{ translationsByProject(project:"other", lang:"fr") }'))).toBe('NOT_FOUND');
    expect(errorCode(await server.gql('{ translationsByProject(project:"retail", lang:"xx") }'))).toBe('BAD_USER_INPUT');
  });
});
