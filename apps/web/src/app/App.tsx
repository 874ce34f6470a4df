import { useMemo } from 'react';
import { ApolloProvider } from '@apollo/client';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { decodeTokenClaims, isTokenExpired } from '@sitelens/domain';
import { SessionProvider } from '../features/auth/SessionProvider.tsx';
import { invalidateSession, sessionRenewal } from '../features/auth/sessionRenewal.ts';
import { sessionStore } from '../features/auth/sessionStore.ts';
import { createApolloClient } from '../shared/apollo/createApolloClient.ts';
import { LanguageProvider } from '../shared/i18n/LanguageProvider.tsx';
import { CookieNotice } from '../shared/layout/CookieNotice.tsx';
import { useSmallScreenScale } from '../shared/layout/useSmallScreenScale.ts';
import { ToastStack } from '../shared/toasts/ToastStack.tsx';
import { routes } from './routes.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const client = createApolloClient({
  getToken: sessionStore.getToken,
  isExpired: (token) => isTokenExpired(decodeTokenClaims(token)?.exp, Date.now()),
  renew: () => sessionRenewal.renew(),
  invalidate: invalidateSession,
});

export function App() {
  useSmallScreenScale();
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <DirectionProvider initialDirection="ltr" detectDirection={false}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
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
