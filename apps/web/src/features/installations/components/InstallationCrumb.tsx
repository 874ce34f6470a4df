import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useInstallation } from '../hooks/useInstallation.ts';

/** The installation page's breadcrumb step shows the installation's name. */
export function InstallationCrumb() {
  const { installationId } = useParams();
  const { t } = useTranslation();
  const state = useInstallation(installationId);
  if (state.status === 'notFound') return t('notFound.title');
  return state.status === 'ready' ? state.installation.name : '…';
}
