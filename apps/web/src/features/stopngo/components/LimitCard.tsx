import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCREEN_HEARTBEAT_MS } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { EVENT_LIMIT, UPDATE_LIMIT } from '../graphql/stopngo.ts';
import { limitText, occupancyText } from '../limitTexts.ts';
import { inputProblem, stopNGoErrorText } from '../stopNGoErrorText.ts';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';
import { LimitForm } from './LimitForm.tsx';

/** The event's limit: none yet (add one to enable Stop&Go), its value with the occupancy now, or the form. */
export function LimitCard({ eventId, running }: { eventId: number; running: boolean }) {
  const { t, i18n } = useTranslation();
  const { gates } = useCaller();
  const { data, error, loading } = useQuery(EVENT_LIMIT, { variables: { eventId }, pollInterval: SCREEN_HEARTBEAT_MS });
  const [update, { loading: saving }] = useMutation(UPDATE_LIMIT, { refetchQueries: [EVENT_LIMIT], awaitRefetchQueries: true });
  const [editing, setEditing] = useState(false);
  const [serverReason, setServerReason] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const limit = data?.eventById.stopngo?.limit ?? null;
  const occupancy = data?.stopNGoOccupancy;

  // The same rights the server enforces, checked first for an instant answer.
  const attempt = (allowed: boolean, action: () => void) => (allowed ? action() : showToast(t('stopNGo.noAccess'), 'error', { generic: false }));
  const save = async (next: number | null) => {
    setServerReason(null);
    try {
      await update({ variables: { eventId, limit: next } });
      setEditing(false);
      setRemoving(false);
      showToast(t(next === null ? 'stopNGo.limit.removed' : 'stopNGo.limit.saved'), 'success');
    } catch (e) {
      const problem = inputProblem(e);
      if (problem?.field === 'limit') setServerReason(problem.reason);
      else showToast(stopNGoErrorText(e, t, t('stopNGo.limit.saveFailed')), 'error', { generic: false });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" mb="lg" component="section" aria-labelledby="stopngo-limit-title">
      <Title order={2} size="h4" id="stopngo-limit-title" mb="sm">
        {t('stopNGo.limit.title')}
      </Title>
      {loading && !data && <Skeleton height={60} />}
      {error && !data && <Alert color="red">{errorText(error, t)}</Alert>}
      {data && editing && (
        <LimitForm initial={limit} saving={saving} serverReason={serverReason} onSave={(v) => void save(v)} onCancel={() => (setEditing(false), setServerReason(null))} />
      )}
      {data && !editing && limit === null && (
        <Stack gap="sm" align="flex-start">
          <Text data-testid="stopngo-no-limit">{t('stopNGo.limit.empty')}</Text>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => attempt(gates.stopNGoCreate, () => setEditing(true))} data-testid="stopngo-limit-add">
            {t('stopNGo.limit.add')}
          </Button>
        </Stack>
      )}
      {data && !editing && limit !== null && (
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Text size="xl" fw={700} data-testid="stopngo-limit-value">
              {limitText(t, limit, i18n.language)}
            </Text>
            {occupancy && running && (
              <Group gap="xs">
                <Badge color={occupancy.state === 'STOP' ? 'red' : 'green'} variant="light">
                  {t(occupancy.state === 'STOP' ? 'stopNGo.state.stop' : 'stopNGo.state.go')}
                </Badge>
                <Text size="sm" c="dimmed" data-testid="stopngo-limit-now">
                  {occupancyText(t, occupancy.inside, occupancy.placesLeft ?? 0, i18n.language)}
                </Text>
              </Group>
            )}
          </Stack>
          <Group gap="xs">
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => attempt(gates.stopNGoEdit, () => setEditing(true))} data-testid="stopngo-limit-edit">
              {t('stopNGo.limit.edit')}
            </Button>
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => attempt(gates.stopNGoDelete, () => setRemoving(true))}>
              {t('stopNGo.limit.remove')}
            </Button>
          </Group>
        </Group>
      )}
      <ConfirmModal
        cancel={t('stopNGo.cancel')}
        testId="stopngo-confirm"
        opened={removing}
        title={t('stopNGo.limit.confirmRemove.title')}
        text={t('stopNGo.limit.confirmRemove.text')}
        confirm={t('stopNGo.limit.remove')}
        busy={saving}
        onConfirm={() => void save(null)}
        onClose={() => setRemoving(false)}
      />
      {data && !running && (
        <Alert color="yellow" mt="md">
          {t('stopNGo.limit.notRunning')}
        </Alert>
      )}
    </Paper>
  );
}
