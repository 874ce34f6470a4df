import { Group, MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SalesFunnelSelection } from '@sitelens/domain';
import type { FunnelPeriod, FunnelSite } from '../graphql/salesFunnel.ts';

interface Props {
  sites: FunnelSite[];
  periods: FunnelPeriod[];
  value: SalesFunnelSelection;
  onChange: (next: SalesFunnelSelection, filter: 'sites' | 'dates') => void;
}

/** The months with sales, and any month the address asks for without sales (shown chosen, with its no-results text), newest first. */
const monthOptions = (periods: FunnelPeriod[], asked: string[]) =>
  [...new Set([...periods.map((p) => p.datePeriodStart), ...asked.filter((d) => d.endsWith('-01'))])].sort().reverse();

/** The shop filter and the period filter (calendar months with sales in the selected shops). */
export function FunnelFilters({ sites, periods, value, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const bySite = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of sites) bySite.set(s.installationName, [...(bySite.get(s.installationName) ?? []), { value: String(s.siteId), label: `${s.siteName} (${s.shopCode})` }]);
  return (
    <Group align="flex-start" grow wrap="nowrap" mb="lg">
      <MultiSelect
        label={t('sales.funnel.filters.sites')}
        placeholder={value.siteIds.length ? undefined : t('sales.funnel.filters.sitesPlaceholder')}
        data={[...bySite].map(([group, items]) => ({ group, items }))}
        value={value.siteIds.map(String)}
        onChange={(ids) => onChange({ ...value, siteIds: ids.map(Number) }, 'sites')}
        searchable
        clearable
        nothingFoundMessage={t('sales.funnel.filters.noSites')}
        data-testid="funnel-sites"
      />
      <MultiSelect
        label={t('sales.funnel.filters.dates')}
        placeholder={value.dates.length ? undefined : t('sales.funnel.filters.datesPlaceholder')}
        data={monthOptions(periods, value.dates).map((start) => ({ value: start, label: month.format(new Date(`${start}T00:00:00Z`)) }))}
        value={value.dates.filter((d) => d.endsWith('-01'))}
        onChange={(dates) => onChange({ ...value, dates: [...dates].sort() }, 'dates')}
        disabled={value.siteIds.length === 0}
        clearable
        nothingFoundMessage={t('sales.funnel.filters.noPeriods')}
        data-testid="funnel-dates"
      />
    </Group>
  );
}
