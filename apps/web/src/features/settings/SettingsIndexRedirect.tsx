import { Navigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { firstSettingsTab, settingsTabs } from './settingsTabs.ts';

export default function SettingsIndexRedirect() {
  const { gates } = useCaller();
  return <Navigate to={firstSettingsTab(settingsTabs(gates)) ?? '/not-found'} replace />;
}
