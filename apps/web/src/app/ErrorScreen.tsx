import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useLogout } from '../features/auth/hooks/useLogout.ts';
import { usePageTitle } from '../shared/hooks/usePageTitle.ts';

/** Unhandled errors end here, with a way out: reload, or sign out and start afresh. */
export function ErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const logout = useLogout();
  usePageTitle(t('errorScreen.title'));
  useEffect(() => console.error(error), [error]);

  return (
    <Center component="main" id="main" mih="var(--sl-screen-height)" p="xl">
      <Stack align="center" gap="md" maw={480}>
        <IconAlertTriangle size={56} color="var(--mantine-color-orange-6)" aria-hidden="true" />
        <Title order={1} size="h2" ta="center">
          {t('errorScreen.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('errorScreen.text')}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
          <Button variant="default" onClick={() => void logout()}>
            {t('shell.logout')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
