import { useEffect, useState } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { viewAsCountdown } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fullName } from '../../shared/caller/fullName.ts';
import { endViewAs, viewAsRanOut } from './endViewAs.ts';
import { VIEW_AS_SESSION_ENDED } from './graphql/viewAs.ts';
import { useOriginTexts } from './useOriginTexts.ts';
import { useViewAs } from './useViewAs.ts';

/**
 * While an administrator views the product as a user: whose view it is, the time left (hours and
 * minutes, with seconds under an hour) and End session, which brings the administrator back, in the
 * administrator's own language (the page around it speaks the viewed user's). It
 * holds the view-as session's end open over the live channel: when the administrator signs out in
 * another tab (or the session is revoked) this tab stops showing the user's data at once.
 */
export function ViewAsBar() {
  const viewAs = useViewAs();
  // The administrator reads the bar in their own language; the page around it is the viewed user's.
  const { t, lang, dir } = useOriginTexts(viewAs?.originLanguage ?? null);
  const { me } = useCaller();
  const [now, setNow] = useState(() => Date.now());
  const client = useApolloClient();
  const [ending, setEnding] = useState(false);

  useEffect(() => {
    if (!viewAs) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [viewAs]);

  // A refusal (UNAUTHENTICATED: the session already gone) ends the view-as through the Apollo error link.
  useSubscription(VIEW_AS_SESSION_ENDED, {
    skip: !viewAs,
    onData: ({ data }) => {
      if (data.data?.sessionEnded) viewAsRanOut();
    },
  });

  const left = viewAs ? viewAs.expiresAtMs - now : 1;
  useEffect(() => {
    if (viewAs && left <= 0) viewAsRanOut();
  }, [viewAs, left]);

  if (!viewAs) return null;
  const { hours, minutes, seconds } = viewAsCountdown(viewAs.expiresAtMs, now);
  const time = seconds === null ? t('viewAs.hoursMinutes', { hours, minutes }) : t('viewAs.minutesSeconds', { minutes, seconds });

  const endSession = async () => {
    setEnding(true);
    await endViewAs(client);
  };

  return (
    <Paper role="region" aria-label={t('viewAs.label')} bg="orange.1" c="dark" px="md" py={6} mb="sm" radius={0} lang={lang} dir={dir} data-testid="view-as-bar">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <IconEye size={18} aria-hidden />
          <Text size="sm" fw={600}>
            {t('viewAs.viewingAs', { name: fullName(me) })}
          </Text>
          <Text size="sm" role="timer" aria-live="off" data-testid="view-as-countdown">
            {t('viewAs.timeLeft', { time })}
          </Text>
        </Group>
        <Button size="xs" color="orange" onClick={() => void endSession()} loading={ending} data-testid="view-as-end">
          {t('viewAs.end')}
        </Button>
      </Group>
    </Paper>
  );
}
