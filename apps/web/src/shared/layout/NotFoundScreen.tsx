import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { Logo } from './Logo.tsx';
import classes from './NotFoundScreen.module.css';

/** 404 with the logo drawn in place of the middle zero (spec 001 §2). */
export function NotFoundContent() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack align="center" justify="center" gap="lg" className={classes.content}>
      <Title order={1} className={classes.code} aria-label={t('notFound.code')}>
        <span aria-hidden="true">4</span>
        <span className={classes.zero} aria-hidden="true">
          <Logo size={136} />
        </span>
        <span aria-hidden="true">4</span>
      </Title>
      <Title order={2} size="h3">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" ta="center" maw={420}>
        {t('notFound.text')}
      </Text>
      <Anchor component={Link} to="/analytics" fw={600}>
        {t('notFound.home')}
      </Anchor>
    </Stack>
  );
}

/** The stand-alone /not-found route. */
export function NotFoundScreen() {
  return (
    <Box component="main" id="main" className={classes.screen}>
      <NotFoundContent />
    </Box>
  );
}
