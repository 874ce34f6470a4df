import { useQuery } from '@apollo/client';
import { Alert, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { ORGANIZATION_STATS } from '../graphql/organizations.ts';

function Stat({ label, value, locale }: { label: string; value: number; locale: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} mt={4}>
        {value.toLocaleString(locale)}
      </Text>
    </Paper>
  );
}

/** The organization in numbers (organizationStats): sites, users, pads, air sensors, devices. */
export function OrganizationStatsPanel() {
  const { t, i18n } = useTranslation();
  const { data, error } = useQuery(ORGANIZATION_STATS);
  const stats = data?.organizationStats;
  return (
    <section aria-labelledby="org-stats">
      <Title order={2} size="h4" mb="sm" id="org-stats">
        {t('settings.organization.stats.title')}
      </Title>
      {!stats && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {!stats && !error && <Skeleton height={90} radius="md" />}
      {stats && (
        <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="organization-stats">
          <Stat label={t('settings.organization.stats.installations')} value={stats.installationCount} locale={i18n.language} />
          <Stat label={t('settings.organization.stats.users')} value={stats.userCount} locale={i18n.language} />
          <Stat label={t('settings.organization.stats.pads')} value={stats.padCount} locale={i18n.language} />
          <Stat label={t('settings.organization.stats.atmosphereDevices')} value={stats.deviceAtmosphereCount} locale={i18n.language} />
          <Stat label={t('settings.organization.stats.devices')} value={stats.totalDeviceCount} locale={i18n.language} />
        </SimpleGrid>
      )}
    </section>
  );
}
