import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useLanguage } from '../../shared/i18n/LanguageProvider.tsx';
import { type ExpiredVariant, InvitationExpiredModal } from './components/InvitationExpiredModal.tsx';
import { INVITATION_BY_TOKEN } from './graphql/invitation.ts';
import { expiredVariantOf } from './invitationErrors.ts';
import { onboardingStore } from './onboardingStore.ts';

/**
 * The invitation link's page: a live link starts the wizard in the language the invitation was
 * sent in (step 4 changes it); an expired, used or withdrawn one opens the
 * invitation-expired modal with its resend action.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setLanguage } = useLanguage();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const query = useQuery(INVITATION_BY_TOKEN, { variables: { token }, skip: !token, fetchPolicy: 'network-only' });
  const [expired, setExpired] = useState<ExpiredVariant | null>(token ? null : 'user');
  const invitation = query.data?.invitationByToken;

  useEffect(() => {
    const variant = expiredVariantOf(query.error);
    if (variant) setExpired(variant);
    else if (query.error) setExpired('user');
  }, [query.error]);

  useEffect(() => {
    if (!invitation) return;
    onboardingStore.start(token);
    const go = () => void navigate('/onboarding/org-settings', { replace: true });
    void setLanguage(invitation.lang).finally(go);
  }, [invitation, token, navigate, setLanguage]);

  return (
    <>
      <PageHeader title={t('invitation.title')} />
      {expired === null && <SectionLoader />}
      <InvitationExpiredModal opened={expired !== null} variant={expired ?? 'user'} token={token || null} onClose={() => void navigate('/login', { replace: true })} />
    </>
  );
}
