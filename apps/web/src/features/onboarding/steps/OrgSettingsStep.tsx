import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Step 1: the organization one is invited to, read-only (spec 000 §2). */
export function OrgSettingsStep({ organizationName, email }: { organizationName: string; email: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextInput label={t('onboarding.org.name')} value={organizationName} readOnly data-testid="onboarding-org-name" />
      <TextInput label={t('onboarding.org.email')} value={email} readOnly dir="ltr" />
    </Stack>
  );
}
