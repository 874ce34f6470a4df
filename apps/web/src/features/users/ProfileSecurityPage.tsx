import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useViewAs } from '../view-as/useViewAs.ts';
import { ChangePasswordSection } from './components/ChangePasswordSection.tsx';
import { SignInPlacesSection } from './components/SignInPlacesSection.tsx';
import { TwoFactorSection } from './components/TwoFactorSection.tsx';

/** The own profile's security tab (spec 000 §2, §4): password, two-factor, trusted browsers, sessions. */
export default function ProfileSecurityPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  // The password, two-factor and sessions are the viewed user's own: the server refuses them.
  const viewingAs = useViewAs() !== null;
  return (
    <>
      <PageHeader title={t('profile.security.title')} />
      <Stack maw={720}>
        {viewingAs ? (
          <Alert color="blue" data-testid="security-view-as">
            {t('profile.security.viewAs')}
          </Alert>
        ) : (
          <>
            <ChangePasswordSection />
            <TwoFactorSection me={me} />
            <SignInPlacesSection me={me} />
          </>
        )}
      </Stack>
    </>
  );
}
