import { Group, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifiedBadge } from './VerifiedBadge.tsx';

interface NameForm {
  draft: { firstName: string; lastName: string };
  set(field: 'firstName' | 'lastName', value: string): void;
  errorOf(field: 'firstName' | 'lastName'): ReactNode;
}

/** First and last name side by side, as the own profile and a managed user's General tab show them. */
export function PersonNameFields({ form, readOnly = false, testIdPrefix, autoComplete = false }: { form: NameForm; readOnly?: boolean; testIdPrefix: string; autoComplete?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('profile.general.firstName')}
        value={form.draft.firstName}
        onChange={(e) => form.set('firstName', e.currentTarget.value)}
        error={form.errorOf('firstName')}
        readOnly={readOnly}
        required
        autoComplete={autoComplete ? 'given-name' : undefined}
        dir="auto"
        data-testid={`${testIdPrefix}-first-name`}
      />
      <TextInput
        label={t('profile.general.lastName')}
        value={form.draft.lastName}
        onChange={(e) => form.set('lastName', e.currentTarget.value)}
        error={form.errorOf('lastName')}
        readOnly={readOnly}
        required
        autoComplete={autoComplete ? 'family-name' : undefined}
        dir="auto"
        data-testid={`${testIdPrefix}-last-name`}
      />
    </SimpleGrid>
  );
}

/** A contact's label with its verified or unverified badge. */
export function VerifiedLabel({ label, verified }: { label: string; verified: boolean }) {
  return (
    <Group gap={6} component="span" style={{ display: 'inline-flex' }}>
      {label}
      <VerifiedBadge verified={verified} />
    </Group>
  );
}
