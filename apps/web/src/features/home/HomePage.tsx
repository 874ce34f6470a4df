import { Grid, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { alertRights } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { OpenAlerts } from './components/OpenAlerts.tsx';
import { PinnedShortcuts } from './components/PinnedShortcuts.tsx';
import { ScheduledReportsSlot } from './components/ScheduledReportsSlot.tsx';
import { SiteDayCard } from './components/SiteDayCard.tsx';
import { SiteDayRow } from './components/SiteDayRow.tsx';
import { useNow } from '../../shared/hooks/useNow.ts';

export type HomeLayout = 'cards' | 'compact';

/** Figures are refreshed this often while the page stays open. */
const REFRESH_MS = 5 * 60_000;

/**
 * The organization's overview for a person starting the day (spec 000 §2, /home and /home2): per
 * site the day's key figures against the same weekday last week, the open alerts (with the alert
 * read right only), the next scheduled reports (slot) and the pinned pages.
 */
export default function HomePage({ layout }: { layout: HomeLayout }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { caller, organization, installations } = useCaller();
  const now = useNow(REFRESH_MS);
  const canReadAlerts = alertRights(caller).read;
  const sites = installations ?? [];

  const switcher = (
    <SegmentedControl
      aria-label={t('home.views.label')}
      value={layout}
      onChange={(value) => navigate(value === 'compact' ? '/home2' : '/home')}
      data={[
        { value: 'cards', label: t('home.views.full') },
        { value: 'compact', label: t('home.views.compact') },
      ]}
    />
  );
  const siteList = !installations ? (
    <SectionLoader />
  ) : sites.length === 0 ? (
    <Text c="dimmed">{t('home.sites.empty')}</Text>
  ) : layout === 'cards' ? (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {sites.map((site) => (
        <SiteDayCard key={site.id} site={site} now={now} />
      ))}
    </SimpleGrid>
  ) : (
    <Table withTableBorder verticalSpacing="xs" data-testid="home-sites-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('home.sites.site')}</Table.Th>
          <Table.Th scope="col">{t('home.sites.day')}</Table.Th>
          <Table.Th scope="col">{t('home.sites.figures')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sites.map((site) => (
          <SiteDayRow key={site.id} site={site} now={now} />
        ))}
      </Table.Tbody>
    </Table>
  );
  const sidePanels = (
    <>
      {canReadAlerts && <OpenAlerts now={now} />}
      <ScheduledReportsSlot now={now} layout={layout} />
      <PinnedShortcuts />
    </>
  );

  return (
    <div data-testid="home" data-layout={layout}>
      <PageHeader
        title={layout === 'compact' ? t('home.compactTitle') : t('home.title')}
        description={organization ? t('home.description', { organization: organization.name }) : undefined}
        actions={switcher}
      />
      {layout === 'cards' ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm" component="section" aria-labelledby="home-sites-title">
              <Title order={2} size="h4" id="home-sites-title">
                {t('home.sites.title')}
              </Title>
              {siteList}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">{sidePanels}</Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <Stack gap="md">
          <section aria-label={t('home.sites.title')}>{siteList}</section>
          <SimpleGrid cols={{ base: 1, md: canReadAlerts ? 2 : 1 }} spacing="md">
            {sidePanels}
          </SimpleGrid>
        </Stack>
      )}
    </div>
  );
}
