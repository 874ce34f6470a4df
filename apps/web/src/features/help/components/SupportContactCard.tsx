import { useQuery } from '@apollo/client';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { supportStatus, timeZoneDisplayName, type UserMoment } from '@sitelens/domain';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { SUPPORT_CONTACT, type SupportContact } from '../graphql/help.ts';
import { useNow } from '../../../shared/hooks/useNow.ts';

const MINUTE = 60_000;

function useClock(lang: string) {
  const time = (ts: number, tz: string) => new Intl.DateTimeFormat(lang, { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(ts);
  const weekday = (ts: number, tz: string) => new Intl.DateTimeFormat(lang, { timeZone: tz, weekday: 'long' }).format(ts);
  return { time, weekday };
}

/** The hotline, its hours in the desk's zone and in the reader's, and whether it answers now. */
function ContactBody({ contact }: { contact: SupportContact }) {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const now = useNow(MINUTE);
  const lang = i18n.language;
  const { time, weekday } = useClock(lang);
  const userTz = userTimeZone(me.timezone);
  const status = supportStatus(now, { days: contact.days, open: contact.opens, close: contact.closes, timeZone: contact.timeZone }, userTz);
  const { start, end } = status.window;
  const when = (m: UserMoment) => (m.dayOffset === 0 ? t('help.contact.today') : m.dayOffset === 1 ? t('help.contact.tomorrow') : weekday(m.ts, userTz));
  // Weekday names from the desk's first and last day, read on a known Monday (2026-06-15).
  const dayName = (isoDay: number) => weekday(Date.UTC(2026, 5, 14 + isoDay, 12), 'UTC');
  const sameClock = time(start.ts, userTz) === time(start.ts, contact.timeZone) && time(end.ts, userTz) === time(end.ts, contact.timeZone);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={status.open ? 'green' : 'gray'} variant="light" data-testid="support-status" data-open={status.open}>
          {status.open ? t('help.contact.openNow') : t('help.contact.closedNow')}
        </Badge>
        <Text size="sm">
          {status.open
            ? t('help.contact.openUntil', { time: time(end.ts, userTz) })
            : t('help.contact.opensAgain', { when: when(start), time: time(start.ts, userTz) })}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <IconPhone size={18} aria-hidden="true" />
        <Text size="sm" fw={600}>
          {t('help.contact.phone')}:
        </Text>
        <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} size="sm" data-testid="support-phone">
          <LtrValue>{contact.phone}</LtrValue>
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <IconMail size={18} aria-hidden="true" />
        <Text size="sm" fw={600}>
          {t('help.contact.email')}:
        </Text>
        <Anchor href={`mailto:${contact.email}`} size="sm">
          <LtrValue>{contact.email}</LtrValue>
        </Anchor>
      </Group>
      <Text size="sm" data-testid="support-hours">
        {t('help.contact.hours', {
          firstDay: dayName(Math.min(...contact.days)),
          lastDay: dayName(Math.max(...contact.days)),
          opens: time(start.ts, contact.timeZone),
          closes: time(end.ts, contact.timeZone),
          zone: timeZoneDisplayName(contact.timeZone, lang, now),
        })}
      </Text>
      {!sameClock && (
        <Text size="sm" c="dimmed" data-testid="support-hours-local">
          {t('help.contact.yourHours', {
            zone: timeZoneDisplayName(userTz, lang, now),
            from: time(start.ts, userTz),
            to: status.endsNextDay ? t('help.contact.nextDay', { time: time(end.ts, userTz) }) : time(end.ts, userTz),
          })}
        </Text>
      )}
    </Stack>
  );
}

export function SupportContactCard() {
  const { t } = useTranslation();
  const { data, error } = useQuery(SUPPORT_CONTACT);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="support-title" data-testid="support-contact">
      <Title order={2} size="h4" id="support-title" mb={4}>
        {t('help.contact.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('help.contact.text')}
      </Text>
      {data ? (
        <ContactBody contact={data.supportContact} />
      ) : error ? (
        <Text size="sm" c="red">
          {t('help.contact.unavailable')}
        </Text>
      ) : (
        <Skeleton height={90} />
      )}
    </Paper>
  );
}
