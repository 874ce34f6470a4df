import { useQuery } from '@apollo/client';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { ORGANIZATION_STATS, type OrganizationStats } from './graphql/organizations.ts';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={700} mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

/** Read-only for now: editing arrives with the organization issue (and needs organization.general edit). */
export default function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { organization } = useCaller();
  const { data, error } = useQuery(ORGANIZATION_STATS);
  const stats: OrganizationStats | undefined = data?.organizationStats;

  return (
    <>
      <PageHeader title={t('settings.organization.title')} />
      <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack>
          <TextInput label={t('settings.organization.name')} value={organization?.name ?? ''} readOnly dir="auto" />
          <TextInput label={t('settings.organization.address')} value={organization?.address ?? ''} readOnly dir="auto" />
        </Stack>
      </Paper>
      <section aria-labelledby="org-stats">
        <Title order={2} size="h4" mb="sm" id="org-stats">
          {t('settings.organization.stats.title')}
        </Title>
        {!stats && error && <Alert color="red">{errorText(error, t)}</Alert>}
        {!stats && !error && <Skeleton height={90} radius="md" />}
        {stats && (
          <SimpleGrid cols={5}>
            <Stat label={t('settings.organization.stats.installations')} value={stats.installationCount} />
            <Stat label={t('settings.organization.stats.users')} value={stats.userCount} />
            <Stat label={t('settings.organization.stats.pads')} value={stats.padCount} />
            <Stat label={t('settings.organization.stats.atmosphereDevices')} value={stats.deviceAtmosphereCount} />
            <Stat label={t('settings.organization.stats.devices')} value={stats.totalDeviceCount} />
          </SimpleGrid>
        )}
      </section>
      </Stack>
    </>
  );
}
