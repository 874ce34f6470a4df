import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule of eslint.config.js that keeps user-facing words out of components (issue 22).
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const filePath = `${root}apps/web/src/features/example/ExamplePanel.tsx`;

async function literalErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').map((m) => m.message);
}

// The first lint loads the typed ESLint configuration (seconds, more on a busy machine).
describe('no literal user-facing strings in components', { timeout: 60_000 }, () => {
  it('fails on words in JSX text and in the attributes people read', async () => {
    expect(await literalErrors(`export function ExamplePanel() { return <p>Visitors per hour</p>; }`)).toHaveLength(1);
    expect(await literalErrors(`export function ExamplePanel() { return <button aria-label="Close the panel" />; }`)).toHaveLength(1);
    expect(await literalErrors(`export function ExamplePanel() { return <input placeholder="Search a zone" title="Zones" />; }`)).toHaveLength(2);
  });

  it('leaves class names, test ids, keys, variants, colours, symbols and units written as codes', async () => {
    const code = `export function ExamplePanel({ t, v }: { t: (k: string) => string; v: number }) {
      return <div className="grid wide" data-testid="zone-list" key="z1" style={{ color: '#FFFFFF' }}>
        <span data-variant="light">{t('widgets.empty')}</span> · {v} % – {v} ppm <i>{v}</i>
      </div>;
    }`;
    expect(await literalErrors(code)).toEqual([]);
  });
});
