import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The kpis and zones widgets always show the previous period of the same length (the kpis query's
 * previousValue and evolution); no renderer reads a comparison switch, so the panel says so.
 */
export function ComparisonSection() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('widgetPanel.comparison.note')}
    </Text>
  );
}
