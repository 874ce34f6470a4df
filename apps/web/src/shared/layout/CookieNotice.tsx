import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COOKIE_CONSENT_DAYS } from '@sitelens/domain';
import { CONSENT_COOKIE, hasConsent } from '../usage/consent.ts';
import classes from './CookieNotice.module.css';


/** The room the notice takes at the bottom of the window, for what sticks there (a form's save bar) and the page's end. */
const SPACE_VARIABLE = '--cookie-notice-space';
/** Between the notice and what sits above it. */
const GAP_PX = 8;

/**
 * Shown until the consent cookie is set by Accept (spec 000 §2 and §9). While it shows, it keeps
 * SPACE_VARIABLE at its height: save bars stick above it and pages end above it, so it covers
 * nothing one needs before answering it.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => !hasConsent());
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const notice = ref.current;
    if (!visible || !notice) return;
    const root = document.documentElement;
    const keep = () => root.style.setProperty(SPACE_VARIABLE, `${notice.offsetHeight + (parseFloat(getComputedStyle(notice).bottom) || 0) + GAP_PX}px`);
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(notice);
    return () => {
      observer.disconnect();
      root.style.removeProperty(SPACE_VARIABLE);
    };
  }, [visible]);
  if (!visible) return null;

  const accept = () => {
    const maxAge = COOKIE_CONSENT_DAYS * 24 * 60 * 60;
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=1; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
    setVisible(false);
  };

  return (
    <Paper ref={ref} component="section" aria-label={t('cookies.label')} shadow="lg" withBorder p="md" className={classes.notice} data-testid="cookie-notice">
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Text size="sm">{t('cookies.text')}</Text>
        <Button onClick={accept} style={{ flexShrink: 0 }}>{t('cookies.accept')}</Button>
      </Group>
    </Paper>
  );
}
