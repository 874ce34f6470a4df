import { useEffect, useId } from 'react';
import { Button, FocusTrap, Paper, Portal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './MigrationNotice.module.css';

/** Makes everything under #root unreachable (pointer, keyboard, screen readers) while the notice is up. */
function useInertApp(): void {
  useEffect(() => {
    const root = document.getElementById('root');
    const overflow = document.body.style.overflow;
    root?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    return () => {
      root?.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, []);
}

/**
 * The blocking full-screen notice after the migration deadline (spec 001 §2): an alert dialog that
 * takes the focus and keeps it, with no way to close it; its only action leaves for the sign-in page.
 */
export function MigrationNotice({ date, onSignIn }: { date: string; onSignIn: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  useInertApp();
  return (
    <Portal>
      <div className={classes.backdrop} data-testid="migration-notice">
        <FocusTrap active>
          <Paper role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} withBorder shadow="md" radius="md" p="xl" className={classes.card}>
            <Stack gap="md" align="flex-start">
              <ThemeIcon size={44} radius="xl" color="red" variant="light" aria-hidden="true">
                <IconLock size={24} />
              </ThemeIcon>
              <Title order={1} size="h2" id={titleId}>
                {t('migration.notice.title')}
              </Title>
              <div id={bodyId}>
                <Text>{t('migration.notice.body', { date })}</Text>
                <Text mt="xs">{t('migration.notice.hint')}</Text>
              </div>
              <Button onClick={onSignIn} data-autofocus>
                {t('migration.notice.signIn')}
              </Button>
            </Stack>
          </Paper>
        </FocusTrap>
      </div>
    </Portal>
  );
}
