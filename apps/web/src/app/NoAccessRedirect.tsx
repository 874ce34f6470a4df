import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { showToast } from '../shared/toasts/toastStore.ts';

/** Sends a caller without the right to the home page, and says why in a toast. */
export function NoAccessRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    showToast(t('notFound.noAccess'), 'info', { generic: false });
  }, [t]);
  return <Navigate to="/" replace />;
}
