import { useApolloClient } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { downloadDashboardFile } from './downloadDashboardFile.ts';
import { EXPORT_DASHBOARD } from './transferDocuments.ts';

/** "Export JSON": asks the server for the dashboard's file and saves it. */
export function useExportDashboard(): (dashboard: { id: number; name: string }) => Promise<void> {
  const client = useApolloClient();
  const { t } = useTranslation();
  return async ({ id, name }) => {
    try {
      const { data } = await client.query({ query: EXPORT_DASHBOARD, variables: { dashboardId: id }, fetchPolicy: 'no-cache' });
      downloadDashboardFile(name, data.exportDashboard);
    } catch (e) {
      showToast(errorText(e as never, t), 'error');
    }
  };
}
