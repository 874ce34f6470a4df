import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../graphql/managedUser.ts';
import { VerifiedBadge } from './VerifiedBadge.tsx';

/**
 * A managed user's two-factor and contacts, read only: the password, two-factor and sessions are
 * the user's own to change (and never while an administrator views as them).
 */
export function ManagedUserSecurityTab({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const method = user.otpContact ? t(`managedUser.twoFactorMethods.${user.otpContact}`, { defaultValue: user.otpContact }) : null;
  return (
    <Paper withBorder radius="md" p="lg" maw={720} aria-label={t('profile.security.title')}>
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>{t('managedUser.twoFactor')}</Text>
          <Badge color={method ? 'green' : 'gray'} variant="light" data-testid="managed-two-factor">
            {method ?? t('managedUser.twoFactorOff')}
          </Badge>
        </Group>
        <Group justify="space-between">
          <Text>{t('profile.general.email')}</Text>
          <Group gap={6}>
            <Text dir="ltr">{user.email}</Text>
            <VerifiedBadge verified={user.isEmailVerified} />
          </Group>
        </Group>
        {user.phone && (
          <Group justify="space-between">
            <Text>{t('profile.general.phone')}</Text>
            <Group gap={6}>
              <Text dir="ltr">{user.phone}</Text>
              <VerifiedBadge verified={user.isPhoneVerified} />
            </Group>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {t('managedUser.securityOwn')}
        </Text>
      </Stack>
    </Paper>
  );
}
