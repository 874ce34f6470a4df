import { useTranslation } from 'react-i18next';

export { FAMILY_ROUTES } from '../../../shared/caller/familyRoutes.ts';

/** Metric families in words; unknown families show their id. */
export function useFamilyLabels(): (family: string) => string {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    counting: t('installations.families.counting'),
    atmosphere: t('installations.families.atmosphere'),
    energy: t('installations.families.energy'),
    sales: t('installations.families.sales'),
  };
  return (family) => labels[family] ?? family;
}
