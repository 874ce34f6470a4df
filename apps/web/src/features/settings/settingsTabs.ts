import type { Gates } from '@sitelens/domain';

export interface SettingsTabs {
  organization: boolean;
  userManagement: boolean;
  deliveries: boolean;
  rightsProfiles: boolean;
  auditLog: boolean;
}

/** Which settings tabs the caller sees, from the shared gates. */
export function settingsTabs(gates: Gates): SettingsTabs {
  return {
    organization: gates.organizationSettings,
    userManagement: gates.userManagement,
    deliveries: gates.deliveries,
    rightsProfiles: gates.rightsProfiles,
    auditLog: gates.auditLog,
  };
}

/** Settings opens on its first available tab (spec 000 §2). */
export function firstSettingsTab(tabs: SettingsTabs): string | null {
  if (tabs.organization) return '/settings/organization';
  if (tabs.userManagement) return '/settings/user-management';
  if (tabs.deliveries) return '/settings/deliveries';
  return null;
}
