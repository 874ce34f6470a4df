import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { ALL_INSTALLATIONS } from '../../shared/caller/callerQueries.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { SiteGrid } from './components/SiteGrid.tsx';

export default function SitesPage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(ALL_INSTALLATIONS);
  const installations = data?.allInstallations;
  return (
    <>
      <PageHeader
        title={t('sites.title')}
        description={installations ? t('sites.count', { count: installations.length }) : undefined}
      />
      <SiteGrid installations={installations} errorText={error ? errorText(error, t) : undefined} />
    </>
  );
}
