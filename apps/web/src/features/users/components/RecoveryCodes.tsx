import { ApolloError, useQuery, useMutation } from '@apollo/client';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { RecoveryCodeList } from '../../../shared/security/RecoveryCodeList.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { RECOVERY_CODES_LEFT, REGENERATE_RECOVERY_CODES } from '../graphql/security.ts';

/** How many recovery codes are left, and a new set on demand (the old set then stops working). */
export function RecoveryCodesPanel({ fresh, onFresh }: { fresh: string[] | null; onFresh: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const { data, refetch } = useQuery(RECOVERY_CODES_LEFT, { fetchPolicy: 'network-only' });
  const [regenerate, { loading }] = useMutation(REGENERATE_RECOVERY_CODES);
  const left = fresh ? fresh.length : (data?.recoveryCodesLeft ?? 0);
  const renew = async () => {
    try {
      const { data: result } = await regenerate();
      if (result?.regenerateRecoveryCodes) onFresh(result.regenerateRecoveryCodes);
      await refetch();
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
    }
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" data-testid="recovery-left">
          {t('profile.security.recovery.left', { count: left })}
        </Text>
        <Button variant="default" size="xs" loading={loading} onClick={() => void renew()}>
          {t('profile.security.recovery.regenerate')}
        </Button>
      </Group>
      {fresh && <RecoveryCodeList codes={fresh} />}
    </Stack>
  );
}
