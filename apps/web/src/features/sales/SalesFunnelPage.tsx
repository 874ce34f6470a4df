import { Alert, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showsSalesFunnelTotal } from '@sitelens/domain';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { FunnelFilters } from './components/FunnelFilters.tsx';
import { FunnelSteps } from './components/FunnelSteps.tsx';
import { FunnelTable } from './components/FunnelTable.tsx';
import { useFunnelData } from './hooks/useFunnelData.ts';
import { useFunnelSelection } from './hooks/useFunnelSelection.ts';
import { useFunnelTracking } from './hooks/useFunnelTracking.ts';

/** Sales funnel (spec 002 §2): pedestrians, entries and orders of the chosen shops over the chosen months. */
export default function SalesFunnelPage() {
  const { t } = useTranslation();
  const { draft, applied, change } = useFunnelSelection();
  const track = useFunnelTracking();
  const data = useFunnelData(applied);
  const shops = new Map(data.sites.map((s) => [s.siteId, { name: s.siteName, site: s.installationName }]));
  const chartFigures = data.selection.siteIds.length === 1 ? (data.rows[0] ?? null) : data.total;

  return (
    <>
      <PageHeader title={t('sales.funnel.title')} description={t('sales.funnel.description')} />
      <FunnelFilters
        sites={data.sites}
        periods={data.periods}
        value={draft}
        onChange={(next, filter) => {
          track(filter);
          change(next);
        }}
      />
      {data.sitesLoading && <Skeleton height={120} radius="md" />}
      {!data.sitesLoading && data.sites.length === 0 && <Alert color="gray">{t('sales.funnel.noShops')}</Alert>}
      {data.sites.length > 0 && data.selection.siteIds.length === 0 && (
        <Text c="dimmed" mb="md">
          {t('sales.funnel.chooseShops')}
        </Text>
      )}
      {data.selection.siteIds.length > 0 && (
        <>
          {data.loading ? <Skeleton height={150} radius="md" mb="lg" /> : <FunnelSteps figures={chartFigures} />}
          {data.loading ? (
            <Skeleton height={160} radius="md" />
          ) : (
            <FunnelTable rows={data.rows} total={showsSalesFunnelTotal(data.selection) ? data.total : null} currency={data.currency} shops={shops} />
          )}
          <Text size="xs" c="dimmed" mt="sm">
            {t('sales.funnel.definitions')}
          </Text>
        </>
      )}
    </>
  );
}
