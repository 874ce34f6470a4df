import { useQuery } from '@apollo/client';
import { Alert, Badge, Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type RightsTree, canAssignProfile, canDeleteUser, canEndUserSessions, canResetTwoFactor, canViewAs, managedUserEditability } from '@sitelens/domain';
import { errorCodeOf, errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fullName } from '../../shared/caller/fullName.ts';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { ManagedUserActions } from './components/ManagedUserActions.tsx';
import { ManagedUserGeneralTab } from './components/ManagedUserGeneralTab.tsx';
import { ManagedUserPreferencesTab } from './components/ManagedUserPreferencesTab.tsx';
import { ManagedUserSecurityTab } from './components/ManagedUserSecurityTab.tsx';
import { useViewAs } from '../view-as/useViewAs.ts';
import { EndUserSessionsSection } from './components/EndUserSessionsSection.tsx';
import { ResetTwoFactorSection } from './components/ResetTwoFactorSection.tsx';
import { type ManagedUserTab, ManagedUserTabs } from './components/ManagedUserTabs.tsx';
import { UserCustomLinksSection } from './components/UserCustomLinksSection.tsx';
import { MANAGED_USER } from './graphql/managedUser.ts';

/**
 * A managed user's General, Preferences and Security tabs, with the editability of spec 000 §3
 * and §6 from the shared rule (EDITABLE, PARTIALLY_EDITABLE, READ_ONLY); the server applies the
 * same rule. An unknown user (or one of another organization) shows the not-found screen.
 */
export default function ManagedUserPage({ tab }: { tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const { me, caller } = useCaller();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const { data, loading, error } = useQuery(MANAGED_USER, { variables: { userId }, skip: !valid });
  // The server refuses a two-factor reset while an administrator views as anyone: not offered then.
  const viewingAs = useViewAs() !== null;
  if (valid && loading && !data) return <SectionLoader />;
  if (!valid || errorCodeOf(error) === 'NOT_FOUND' || (!error && !data?.userById)) return <NotFoundContent />;
  const user = data?.userById;
  if (!user) return <Alert color="red">{errorText(error, t)}</Alert>;

  const target = { isSelf: user.id === me.id, isAdmin: user.isAdmin, rights: (user.profile?.rights as RightsTree | null | undefined) ?? null };
  const editability = managedUserEditability(caller, target);
  const editable = editability !== 'READ_ONLY';
  return (
    <>
      <PageHeader
        title={fullName(user)}
        description={
          <Group gap="xs">
            <Badge variant="light" color={editability === 'READ_ONLY' ? 'gray' : 'blue'} data-testid="managed-editability" data-editability={editability}>
              {t(`managedUser.editability.${editability}`)}
            </Badge>
          </Group>
        }
      />
      <ManagedUserTabs userId={user.id} tab={tab} />
      {tab === 'general' && (
        <>
          <ManagedUserGeneralTab key={user.id} user={user} editable={editable} canAssign={canAssignProfile(caller, target)} />
          <Box maw={720}>
            <UserCustomLinksSection key={`links-${user.id}`} user={user} editable={editability === 'EDITABLE'} />
          </Box>
          <ManagedUserActions user={user} canViewAs={canViewAs(caller, target)} canDelete={canDeleteUser(caller, target)} />
        </>
      )}
      {tab === 'preferences' && <ManagedUserPreferencesTab key={user.id} user={user} editable={editable} />}
      {tab === 'security' && (
        <>
          <ManagedUserSecurityTab user={user} />
          {canEndUserSessions(caller, target) && <EndUserSessionsSection user={user} />}
          {user.otpContact && !viewingAs && canResetTwoFactor(caller, target) && <ResetTwoFactorSection user={user} />}
        </>
      )}
    </>
  );
}
