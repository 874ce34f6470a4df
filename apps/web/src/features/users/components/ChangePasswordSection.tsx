import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { FormCard } from '../../../shared/forms/FormCard.tsx';
import { PasswordFields } from '../../../shared/forms/PasswordFields.tsx';
import { usePasswordPair } from '../../../shared/forms/usePasswordPair.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_PASSWORD } from '../graphql/security.ts';

/** Change of the own password with the current one; the other sessions end (server side). */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const next = usePasswordPair();
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ field: 'current' | 'next' | 'form'; text: string } | null>(null);
  const [update, { loading }] = useMutation(UPDATE_PASSWORD);

  const submit = async () => {
    setSubmitted(true);
    setFailure(null);
    if (!current || !next.valid) return;
    try {
      await update({ variables: { oldPassword: current, newPassword: next.password } });
      setCurrent('');
      next.clear();
      setSubmitted(false);
      showToast(t('profile.security.password.saved'), 'success');
    } catch (error) {
      const field = fieldErrorOf(error);
      const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
      if (field) setFailure({ field: 'next', text: t(fieldErrorKey(field)) });
      else if (code === 'WRONG_PASSWORD') setFailure({ field: 'current', text: t('errors.WRONG_PASSWORD') });
      else setFailure({ field: 'form', text: code === 'RATE_LIMITED' || code === 'VIEW_AS_REFUSED' ? t(`errors.${code}`) : t('errors.common') });
    }
  };

  return (
    <FormCard labelledBy="password-title" onSubmit={() => void submit()}>
      <Stack>
        <Title order={2} size="h4" id="password-title">
          {t('profile.security.password.title')}
        </Title>
        {failure?.field === 'form' && (
          <Alert color="red" role="alert">
            {failure.text}
          </Alert>
        )}
        <PasswordInput
          label={t('profile.security.password.current')}
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={failure?.field === 'current' ? failure.text : submitted && !current ? t('errors.requiredField') : undefined}
        />
        <PasswordFields
          {...next.fields}
          showErrors={submitted}
          labels={{ password: t('profile.security.password.new'), confirmation: t('profile.security.password.confirmation'), policy: t('resetPassword.policy') }}
          passwordErrorText={failure?.field === 'next' ? failure.text : null}
        />
        <Button type="submit" loading={loading} style={{ alignSelf: 'flex-start' }}>
          {t('profile.security.password.submit')}
        </Button>
      </Stack>
    </FormCard>
  );
}
