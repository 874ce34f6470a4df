import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/errorText.ts';
import { ALL_INSTALLATIONS } from '../../shared/caller/callerQueries.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { SiteGrid } from './components/SiteGrid.tsx';

type ListFamily = 'counting' | 'atmosphere' | 'energy';

/** /counting, /atmosphere and /energy: the organization's sites of one family. */
export default function InstallationListPage({ family }: { family: ListFamily }) {
  const { t } = useTranslation();
  const { data, error } = useQuery(ALL_INSTALLATIONS);
  const installations = data?.allInstallations.filter((i) => i.families.includes(family));
  const titles: Record<ListFamily, string> = {
    counting: t('installations.lists.counting'),
    atmosphere: t('installations.lists.atmosphere'),
    energy: t('installations.lists.energy'),
  };
  return (
    <>
      <PageHeader title={titles[family]} />
      <SiteGrid installations={installations} errorText={error ? errorText(error, t) : undefined} />
    </>
  );
}
