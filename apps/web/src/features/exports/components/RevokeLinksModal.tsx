import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';

/** Asks before an export's download links stop working (from the download page and the recent list alike). */
export function RevokeLinksModal({ opened, busy, onConfirm, onClose, testId }: { opened: boolean; busy: boolean; onConfirm(): void; onClose(): void; testId: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('exports.download.revoke')}
      text={t('exports.download.revokeQuestion')}
      confirm={t('exports.download.confirmRevoke')}
      cancel={t('exports.download.keep')}
      busy={busy}
      testId={testId}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
