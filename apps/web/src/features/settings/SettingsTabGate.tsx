import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { settingsTabs, type SettingsTabs } from './settingsTabs.ts';

/** A settings tab the caller cannot see is not found, like an unknown settings path. */
export function SettingsTabGate({ tab, children }: { tab: keyof SettingsTabs; children: ReactNode }) {
  const { gates } = useCaller();
  return settingsTabs(gates)[tab] ? children : <Navigate to="/not-found" replace />;
}
