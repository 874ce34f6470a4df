import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpTopicPath, migrationBanner } from '@sitelens/domain';
import { localToday } from '../localToday.ts';

/**
 * The migration banner of the widget area (spec 001 §4): hidden while loading or without a deadline,
 * the deadline plus one day as DD.MM.YYYY, a warning from 7 days before, an after-deadline state.
 * "Try it now" starts what the banner announces, the guided tour of the new version (`onTryNow`);
 * "Learn more" opens the help topic on the move.
 */
export function MigrationBanner({ deadline, loading = false, onTryNow, starting = false }: { deadline: string | null | undefined; loading?: boolean; onTryNow: () => void; starting?: boolean }) {
  const { t } = useTranslation();
  const banner = migrationBanner({ deadline: deadline ?? null, loading, today: localToday() });
  if (banner.state === 'hidden') return null;
  const { state, displayDate: date, daysLeft } = banner;
  const color = state === 'normal' ? 'blue' : state === 'warning' ? 'orange' : 'red';
  const Icon = state === 'normal' ? IconRocket : state === 'warning' ? IconAlertTriangle : IconInfoCircle;
  const text =
    state === 'normal'
      ? t('migration.banner.normal', { date })
      : state === 'warning'
        ? daysLeft
          ? t('migration.banner.warning', { date, count: daysLeft })
          : t('migration.banner.warningLastDay', { date })
        : t('migration.banner.afterDeadline', { date });
  return (
    <Alert color={color} variant="light" icon={<Icon size={20} aria-hidden="true" />} data-testid="migration-banner" data-state={state} role={state === 'normal' ? 'note' : 'alert'}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Group gap="md">
          <Button variant="subtle" size="compact-sm" onClick={onTryNow} loading={starting} data-testid="migration-try-now">
            {t('migration.banner.tryNow')}
          </Button>
          <Anchor component={Link} to={helpTopicPath('migration')} size="sm" data-testid="migration-learn-more">
            {t('migration.banner.learnMore')}
          </Anchor>
        </Group>
      </Group>
    </Alert>
  );
}
