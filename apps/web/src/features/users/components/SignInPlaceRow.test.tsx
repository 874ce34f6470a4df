import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider, Table } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../../../app/theme.ts';
import { type SignInPlaceAction, SignInPlaceRow } from './SignInPlaceRow.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', initAsync: false, resources: { en: { translation: { profile: { security: { thisBrowser: 'This browser' } } } } } });

const render = (current: boolean, action: SignInPlaceAction | null) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Table>
          <Table.Tbody>
            <SignInPlaceRow label="Firefox on Linux" current={current} dated="Signed in 07/12/2026 09:00" action={action} />
          </Table.Tbody>
        </Table>
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const endOne: SignInPlaceAction = { text: 'Sign out', name: 'Sign out Firefox on Linux, signed in 07/12/2026 09:00', marker: 'data-end-session', onClick: () => {} };

describe('a row of the security tab’s lists', () => {
  it.each([
    ['another session', false, endOne, { badge: false, button: 'aria-label="Sign out Firefox on Linux, signed in 07/12/2026 09:00"', marker: 'data-end-session="true"' }],
    ['this browser, trusted', true, { ...endOne, text: 'Revoke', name: 'Revoke Firefox on Linux', marker: 'data-revoke-browser' as const }, { badge: true, button: 'aria-label="Revoke Firefox on Linux"', marker: 'data-revoke-browser="true"' }],
    ['this session', true, null, { badge: true, button: null, marker: null }],
  ])('%s: browser, dated line, badge and named button as the list needs', (_name, current, action, want) => {
    const html = render(current, action);
    expect(html).toContain('Firefox on Linux');
    expect(html).toContain('Signed in 07/12/2026 09:00');
    expect(html.includes('This browser')).toBe(want.badge);
    if (want.button) expect(html).toContain(want.button);
    else expect(html).not.toContain('<button');
    if (want.marker) expect(html).toContain(want.marker);
  });
});
