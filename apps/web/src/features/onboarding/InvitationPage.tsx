import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Invitation acceptance entry: arrives with the onboarding issue. */
export default function InvitationPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('invitation.title')} />;
}
