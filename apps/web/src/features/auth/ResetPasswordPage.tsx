import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** New password after a reset request: arrives with the password-reset issue. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('resetPassword.title')} />;
}
