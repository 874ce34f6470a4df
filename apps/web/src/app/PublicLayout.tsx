import { Suspense } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { SectionLoader } from '../shared/layout/FullPageLoader.tsx';
import { Logo } from '../shared/layout/Logo.tsx';
import { Breadcrumbs } from './shell/Breadcrumbs.tsx';
import { SkipLink } from './shell/SkipLink.tsx';

/** Screens reached without a session: invitation, onboarding, password reset, unsubscribe, preview. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="var(--sl-screen-height)" bg="gray.0">
      <SkipLink />
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group h={60} px="md">
          <Link to="/login" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}>
            <Logo size={30} />
            <Text component="span" fw={800} fz={20} c="dark.7">
              {t('app.name')}
            </Text>
          </Link>
        </Group>
      </Box>
      <Container component="main" id="main" tabIndex={-1} size="md" py="xl">
        <Breadcrumbs />
        <Suspense fallback={<SectionLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
