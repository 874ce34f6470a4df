import { useQuery } from '@apollo/client';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWidgetSite } from '../../dashboards/useWidgetSite.ts';
import { WidgetPageBody } from '../../dashboards/WidgetPageBody.tsx';
import { ALL_INSTALLATIONS } from '../../../shared/caller/callerQueries.ts';
import { SectionLoader } from '../../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../../shared/layout/PageHeader.tsx';
import type { BuilderConfig } from '../builderMessages.ts';

/** The config's first page, shown as a static page (no loading of stored pages) on its site. */
export function BuilderPreview({ config }: { config: BuilderConfig }) {
  const { t } = useTranslation();
  const installations = useQuery(ALL_INSTALLATIONS, { skip: config.installationId !== null });
  const installationId = config.installationId ?? installations.data?.allInstallations[0]?.id;
  const site = useWidgetSite(installationId);
  const page = config.pages[0];
  if (!page) return <Alert color="gray">{t('widgetBuilder.noPage')}</Alert>;
  if (site.status === 'loading' || (installationId === undefined && installations.loading)) return <SectionLoader />;
  if (site.status === 'notFound') return <Alert color="red">{t('widgetBuilder.noSite')}</Alert>;
  return (
    <>
      <PageHeader title={page.name || config.name} description={config.name} />
      <WidgetPageBody widgets={page.widgets} site={site.site} pageKind="custom" presets={page.widgetGlobalFilters} preview />
    </>
  );
}
