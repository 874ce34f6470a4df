import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useWidgetSite } from '../dashboards/useWidgetSite.ts';
import { WidgetPageBody } from '../dashboards/WidgetPageBody.tsx';
import { useStaticPage } from '../dashboards/useStaticPage.ts';
import { PinButton } from '../pins/PinButton.tsx';
import { ShareButton } from '../shortlinks/ShareButton.tsx';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useCountryName } from './hooks/useCountryName.ts';
import { useFamilyLabels } from './hooks/useFamilyLabels.ts';
import { joinList } from '../../shared/i18n/joinList.ts';

/** The export form, pre-filled with this page's site and its filters' zone and dates. */
function exportLink(installationId: number, page: URLSearchParams): string {
  const params = new URLSearchParams({ installationId: String(installationId) });
  for (const key of ['zone', 'timespan', 'from', 'to']) for (const value of page.getAll(key)) params.append(key, value);
  return `/export-data?${params.toString()}`;
}

export type InstallationKind = 'counting' | 'atmosphere' | 'energy';

/**
 * /counting/{id}, /atmosphere/{id} and /energy/{id}: the site's default page of widgets for that
 * kind, with the filter bar, pin and share, and export when it is enabled (spec 001 §2).
 */
export default function InstallationDashboardPage({ kind }: { kind: InstallationKind }) {
  const { t } = useTranslation();
  const { installationId: raw } = useParams();
  const { gates, organization, installations } = useCaller();
  const familyLabel = useFamilyLabels();
  const countryName = useCountryName();
  const installationId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const site = useWidgetSite(installationId);
  const { page, loading } = useStaticPage(installationId, kind);
  const [params] = useSearchParams();

  if (site.status === 'loading' || loading) return <SectionLoader />;
  if (site.status === 'notFound' || !page) return <NotFoundContent />;

  const summary = installations?.find((i) => i.id === site.site.id);
  const place = summary ? joinList(t, [summary.city, countryName(summary.country)]) : '';
  return (
    <>
      <PageHeader
        title={site.site.name}
        tutorialAnchor="dashboard"
        description={[familyLabel(kind), place].filter(Boolean).join(' · ')}
        actions={
          <Group gap="xs">
            <PinButton title={site.site.name} />
            <ShareButton title={site.site.name} />
            {gates.exportData && (
              <Button component={Link} to={exportLink(site.site.id, params)} variant="light" data-testid="installation-export" leftSection={<IconDownload size={16} aria-hidden="true" />}>
                {t('installations.export')}
              </Button>
            )}
          </Group>
        }
      />
      <WidgetPageBody
        key={`${kind}:${site.site.id}`}
        widgets={page.widgets}
        site={site.site}
        pageKind={kind}
        migrationDeadline={organization?.migrationDeadline}
      />
    </>
  );
}
