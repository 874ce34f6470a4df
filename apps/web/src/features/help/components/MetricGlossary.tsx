import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { METRIC_HELP, METRIC_HELP_FAMILIES } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { MetricHelpCard } from './MetricHelpCard.tsx';

/** Every metric of the catalogue by family (domain METRIC_HELP), so the glossary cannot miss one. */
export function MetricGlossary() {
  const { t } = useTranslation();
  const families = METRIC_HELP_FAMILIES.filter((f) => METRIC_HELP.some((m) => m.family === f));
  return (
    <Stack gap="lg" data-testid="metric-glossary">
      <div>
        <Title order={2} size="h3">
          {t('help.metrics.glossaryTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('help.metrics.glossaryText')}
        </Text>
      </div>
      <Group gap="md" component="nav" aria-label={t('help.metrics.glossaryTitle')}>
        {families.map((family) => (
          <Anchor key={family} href={`#family-${family}`} size="sm">
            {t(`help.metrics.families.${family}`)}
          </Anchor>
        ))}
      </Group>
      {families.map((family) => (
        <Stack key={family} gap="sm" component="section" aria-labelledby={`family-${family}`}>
          <Title order={3} size="h4" id={`family-${family}`}>
            {t(`help.metrics.families.${family}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
            {METRIC_HELP.filter((m) => m.family === family).map((entry) => (
              <MetricHelpCard key={entry.id} entry={entry} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
