import { describe, expect, it } from 'vitest';
import { formatAppPath, parseAppPath } from './appPath.ts';

describe('app-relative paths', () => {
  it('keeps the path and query of the app, dropping a fragment', () => {
    expect(parseAppPath('/sites/3/counting?from=2026-03-01&to=2026-03-02#top')).toEqual({ path: '/sites/3/counting', query: '?from=2026-03-01&to=2026-03-02' });
    expect(formatAppPath(parseAppPath('/dashboards')!)).toBe('/dashboards');
  });
  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'sites/3', '', '/a b', '/a\n', `/${'a'.repeat(2048)}`])('refuses %j', (value) => {
    expect(parseAppPath(value)).toBeNull();
  });
});
