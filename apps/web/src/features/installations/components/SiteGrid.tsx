import { Alert, Center, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { SiteCard } from './SiteCard.tsx';

interface SiteGridProps {
  installations: InstallationSummary[] | undefined;
  errorText?: string;
}

export function SiteGrid({ installations, errorText }: SiteGridProps) {
  const { t } = useTranslation();
  if (!installations && errorText) return <Alert color="red">{errorText}</Alert>;
  if (!installations) {
    return (
      <SimpleGrid cols={3} spacing="lg" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={170} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (installations.length === 0) {
    return (
      <Center mih={280} data-tutorial="sites">
        <Stack align="center" gap="sm" maw={440}>
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconBuildingStore size={30} aria-hidden="true" />
          </ThemeIcon>
          <Text fw={600}>{t('sites.empty.title')}</Text>
          <Text c="dimmed" ta="center" size="sm">
            {t('sites.empty.text')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <SimpleGrid cols={3} spacing="lg" data-tutorial="sites">
      {installations.map((installation) => (
        <SiteCard key={installation.id} installation={installation} />
      ))}
    </SimpleGrid>
  );
}
