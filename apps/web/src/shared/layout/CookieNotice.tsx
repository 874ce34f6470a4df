import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COOKIE_CONSENT_DAYS } from '@sitelens/domain';
import { CONSENT_COOKIE, hasConsent } from '../usage/consent.ts';
import classes from './CookieNotice.module.css';


/** Shown until the consent cookie is set by Accept (spec 000 §2 and §9). */
export function CookieNotice() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasConsent());
  if (!visible) return null;

  const accept = () => {
    const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
    setVisible(false);
  };

  return (
    <Paper component="section" aria-label={t('cookies.label')} shadow="lg" withBorder p="md" className={classes.notice}>
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Text size="sm">{t('cookies.text')}</Text>
        <Button onClick={accept} style={{ flexShrink: 0 }}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
