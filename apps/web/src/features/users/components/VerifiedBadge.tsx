import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether a contact has been confirmed (a changed phone or e-mail is not, until confirmed again). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={verified ? 'teal' : 'orange'} component="span">
      {verified ? t('profile.general.verified') : t('profile.general.notVerified')}
    </Badge>
  );
}
