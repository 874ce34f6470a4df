import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { decodeTokenClaims, isTokenExpired } from '@sitelens/domain';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { invalidateSession, sessionRenewal } from '../features/auth/sessionRenewal.ts';
import { sessionStore } from '../features/auth/sessionStore.ts';
import { viewAsRanOut } from '../features/view-as/endViewAs.ts';
import { viewAsStore } from '../features/view-as/viewAsStore.ts';
import { createApolloClient } from '../shared/apollo/createApolloClient.ts';
import { LanguageProvider } from '../shared/i18n/LanguageProvider.tsx';
import { CookieNotice } from '../shared/layout/CookieNotice.tsx';
import { useSmallScreenScale } from '../shared/layout/useSmallScreenScale.ts';
import { ToastStack } from '../shared/toasts/ToastStack.tsx';
import { profileColorScheme } from './profileColorScheme.ts';
import { routes } from './routes.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// A view-as credential wins over the normal one; it is never renewed into the administrator's.
const client = createApolloClient({
  getToken: () => viewAsStore.getToken() ?? sessionStore.getToken(),
  isExpired: (token) => isTokenExpired(decodeTokenClaims(token)?.exp, Date.now()),
  renew: () => (viewAsStore.getToken() ? (viewAsRanOut(), Promise.resolve(null)) : sessionRenewal.renew()),
  invalidate: () => (viewAsStore.getToken() ? viewAsRanOut() : invalidateSession()),
});

const colorSchemeManager = profileColorScheme();

export function App() {
  useSmallScreenScale();
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <DirectionProvider initialDirection="ltr" detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
        <LanguageProvider>
          <ApolloProvider client={client}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </ApolloProvider>
          <ToastStack />
          <CookieNotice />
        </LanguageProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
