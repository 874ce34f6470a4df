import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { editorMetricsForFamilies } from '@sitelens/domain';
import { metricName } from '../../../../../widgets/tables/shared/metricName.ts';

/** The site's metrics as select options with their translated names, plus any the widget already shows. */
export function useMetricOptions(families: readonly string[], current: readonly string[]): Array<{ value: string; label: string }> {
  const { t } = useTranslation();
  return useMemo(() => {
    const ids = editorMetricsForFamilies(families).map((m) => m.id);
    for (const id of current) if (!ids.includes(id)) ids.push(id);
    return ids.map((id) => ({ value: id, label: metricName(t, id) }));
  }, [families, current, t]);
}
