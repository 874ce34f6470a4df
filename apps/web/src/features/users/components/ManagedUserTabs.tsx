import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export type ManagedUserTab = 'general' | 'preferences' | 'security';
export const MANAGED_USER_TABS: readonly ManagedUserTab[] = ['general', 'preferences', 'security'];

/** General, Preferences and Security of a managed user, each its own route (spec 000 §2). */
export function ManagedUserTabs({ userId, tab }: { userId: number; tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={tab} onChange={(value) => value && navigate(`/settings/user-management/${userId}/${value}`)} mb="md" keepMounted={false}>
      <Tabs.List aria-label={t('managedUser.tabs')}>
        {MANAGED_USER_TABS.map((value) => (
          <Tabs.Tab key={value} value={value} data-testid={`managed-user-tab-${value}`}>
            {t(`profile.${value}.title`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
