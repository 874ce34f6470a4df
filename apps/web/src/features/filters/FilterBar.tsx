import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageFilters } from './PageFiltersProvider.tsx';

/**
 * The filter bar slot of installation and custom pages (spec 001 §4). For now it shows the applied
 * period; the full bar (timespan, day, zone, gender, engagement, category, events) replaces it.
 */
export function FilterBar() {
  const { t } = useTranslation();
  const { filters } = usePageFilters();
  const ranges = filters.timespans.map((r) => (r.dateBegin === r.dateEnd ? r.dateBegin : `${r.dateBegin} – ${r.dateEnd}`));
  return (
    <Group gap="xs" component="section" aria-label={t('filterBar.label')} data-testid="filter-bar">
      <Text size="sm" c="dimmed">
        {t('filterBar.period')}
      </Text>
      <Text size="sm" fw={500}>
        {ranges.join(', ')}
      </Text>
    </Group>
  );
}
