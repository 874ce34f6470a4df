import { useApolloClient } from '@apollo/client';
import { Button, Stack } from '@mantine/core';
import {
  IconBuildingCommunity,
  IconBuildingStore,
  IconLayoutDashboard,
  IconLock,
  IconLogout,
  IconHistory,
  IconSend,
  IconShieldLock,
  IconSettings,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/hooks/useLogout.ts';
import { endViewAs } from '../../features/view-as/endViewAs.ts';
import { useViewAs } from '../../features/view-as/useViewAs.ts';
import { PinsSidebar } from '../../features/pins/PinsSidebar.tsx';
import { settingsTabs } from '../../features/settings/settingsTabs.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SidebarLink } from './SidebarLink.tsx';

export function AnalyticsSidebar() {
  const { t } = useTranslation();
  const { gates } = useCaller();
  return (
    <Stack gap={4}>
      {gates.sites && (
        <SidebarLink
          to="/analytics/sites"
          label={t('shell.sidebar.sites')}
          icon={IconBuildingStore}
          activePrefixes={['/counting', '/atmosphere', '/energy']}
        />
      )}
      <SidebarLink
        to="/analytics/dashboard"
        label={t('shell.sidebar.dashboards')}
        icon={IconLayoutDashboard}
        activePrefixes={['/dashboard']}
      />
      {/* Bookmarks (spec 002 §2): shown by PinsSidebar itself when there is more than one pin. */}
      <PinsSidebar />
    </Stack>
  );
}

export function SettingsSidebar() {
  const { t } = useTranslation();
  const { gates } = useCaller();
  const tabs = settingsTabs(gates);
  return (
    <Stack gap={4}>
      {tabs.organization && (
        <SidebarLink to="/settings/organization" label={t('settings.organization.title')} icon={IconBuildingCommunity} />
      )}
      {tabs.userManagement && (
        <SidebarLink to="/settings/user-management" label={t('settings.userManagement.title')} icon={IconUsers} />
      )}
      {tabs.rightsProfiles && <SidebarLink to="/settings/profiles" label={t('rightsProfiles.title')} icon={IconShieldLock} />}
      {tabs.auditLog && <SidebarLink to="/settings/audit-log" label={t('auditLog.title')} icon={IconHistory} />}
      {tabs.deliveries && <SidebarLink to="/settings/deliveries" label={t('messages.deliveries.title')} icon={IconSend} />}
    </Stack>
  );
}

export function ProfileSidebar() {
  const { t } = useTranslation();
  const logout = useLogout();
  const client = useApolloClient();
  // While viewing as someone, leaving is ending the view (the administrator stays signed in).
  const viewAs = useViewAs();
  return (
    <Stack gap={4} h="100%">
      <SidebarLink to="/user-profile/general" label={t('profile.general.title')} icon={IconUser} />
      <SidebarLink to="/user-profile/preferences" label={t('profile.preferences.title')} icon={IconSettings} />
      <SidebarLink to="/user-profile/security" label={t('profile.security.title')} icon={IconLock} />
      <Button
        mt="auto"
        variant="light"
        color="red"
        leftSection={<IconLogout size={18} aria-hidden="true" />}
        onClick={() => void (viewAs ? endViewAs(client) : logout())}
        data-testid="profile-logout"
      >
        {viewAs ? t('viewAs.end') : t('shell.logout')}
      </Button>
    </Stack>
  );
}
