import { useParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useInstallation } from './hooks/useInstallation.ts';

/** Atmosphere and energy installation pages: name and breadcrumb until their dashboards arrive. */
export default function InstallationPage() {
  const { installationId } = useParams();
  const state = useInstallation(installationId);
  if (state.status === 'loading') return <SectionLoader />;
  if (state.status === 'notFound') return <NotFoundContent />;
  return <PageHeader title={state.installation.name} />;
}
