import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Language, SCREEN_HEARTBEAT_MS } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { CREATE_SCREEN, DELETE_SCREEN, RENEW_SCREEN, SCREENS, type StopNGoScreen } from '../graphql/stopngo.ts';
import { inputProblem, stopNGoErrorText } from '../stopNGoErrorText.ts';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';
import { CreateScreenModal, type NewScreen } from './CreateScreenModal.tsx';
import { ScreenAddressModal } from './ScreenAddressModal.tsx';
import { ScreensTable } from './ScreensTable.tsx';

/** The event's screen displays: list with live status, create (then its address once), renew and delete. */
export function ScreensCard({ eventId, defaultLanguage }: { eventId: number; defaultLanguage: Language }) {
  const { t } = useTranslation();
  const { gates } = useCaller();
  // Status follows the displays: read again at the screens' own heartbeat.
  const { data, error, loading } = useQuery(SCREENS, { variables: { eventId }, pollInterval: SCREEN_HEARTBEAT_MS });
  const refetch = { refetchQueries: [SCREENS], awaitRefetchQueries: true };
  const [create, creating] = useMutation(CREATE_SCREEN, refetch);
  const [renew, renewing] = useMutation(RENEW_SCREEN, refetch);
  const [remove, removing] = useMutation(DELETE_SCREEN, refetch);
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [createProblem, setCreateProblem] = useState<{ field: string; reason: string } | null>(null);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  // The screen whose address was shown: its row's address button takes the focus once the address is closed
  // (the create form or the confirmation that led there is gone, and the focus would fall to the page).
  const addressOf = useRef<number | null>(null);
  const section = useRef<HTMLElement>(null);
  const show = (screen: { id: number; name: string }, secret: string) => {
    addressOf.current = screen.id;
    setShown({ name: screen.name, secret });
  };
  const focusAddressButton = () => {
    const target = section.current?.querySelector<HTMLElement>(`[data-address-of="${addressOf.current}"]`);
    (target ?? section.current?.querySelector<HTMLElement>('[data-testid="stopngo-screen-create"]'))?.focus();
  };
  const [toDelete, setToDelete] = useState<StopNGoScreen | null>(null);
  const [toRenew, setToRenew] = useState<StopNGoScreen | null>(null);
  const screens = data?.stopNGoScreens;

  const fail = (e: unknown, fallback: string) => showToast(stopNGoErrorText(e, t, fallback), 'error', { generic: false });
  const attempt = (allowed: boolean, action: () => void) => (allowed ? action() : showToast(t('stopNGo.noAccess'), 'error', { generic: false }));

  const submitCreate = async (screen: NewScreen) => {
    setCreateProblem(null);
    try {
      const { data: created } = await create({ variables: { input: { eventId, ...screen } } });
      setCreatingOpen(false);
      if (created) show(created.createStopNGoScreen.screen, created.createStopNGoScreen.secret);
      showToast(t('stopNGo.screens.created'), 'success');
    } catch (e) {
      const problem = inputProblem(e);
      if (problem && ['name', 'language', 'secondLanguage'].includes(problem.field)) setCreateProblem(problem);
      else fail(e, t('stopNGo.screens.createFailed'));
    }
  };
  const confirmDelete = async (screen: StopNGoScreen) => {
    try {
      await remove({ variables: { id: screen.id } });
      showToast(t('stopNGo.screens.deleted'), 'success');
    } catch (e) {
      fail(e, t('stopNGo.screens.deleteFailed'));
    }
    setToDelete(null);
  };
  const confirmRenew = async (screen: StopNGoScreen) => {
    try {
      const { data: renewed } = await renew({ variables: { id: screen.id } });
      if (renewed) show(renewed.renewStopNGoScreenSecret.screen, renewed.renewStopNGoScreenSecret.secret);
    } catch (e) {
      fail(e, t('stopNGo.screens.renewFailed'));
    }
    setToRenew(null);
  };

  return (
    <Paper ref={section} withBorder radius="md" p="lg" component="section" aria-labelledby="stopngo-screens-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="stopngo-screens-title">
          {t('stopNGo.screens.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => attempt(gates.stopNGoCreate, () => setCreatingOpen(true))} data-testid="stopngo-screen-create">
          {t('stopNGo.screens.create')}
        </Button>
      </Group>
      {loading && !data && <Skeleton height={80} />}
      {error && !data && <Alert color="red">{errorText(error, t)}</Alert>}
      {screens && screens.length === 0 && (
        <Text c="dimmed" data-testid="stopngo-no-screens">
          {t('stopNGo.screens.empty')}
        </Text>
      )}
      {screens && screens.length > 0 && (
        <ScreensTable
          screens={screens}
          onRenew={(s) => attempt(gates.stopNGoEdit, () => setToRenew(s))}
          onDelete={(s) => attempt(gates.stopNGoDelete, () => setToDelete(s))}
        />
      )}
      <CreateScreenModal
        opened={creatingOpen}
        defaultLanguage={defaultLanguage}
        saving={creating.loading}
        serverProblem={createProblem}
        onCreate={(s) => void submitCreate(s)}
        onClose={() => (setCreatingOpen(false), setCreateProblem(null))}
      />
      <ScreenAddressModal shown={shown} onClose={() => setShown(null)} onClosed={focusAddressButton} />
      <ConfirmModal
        cancel={t('stopNGo.cancel')}
        testId="stopngo-confirm"
        opened={toDelete !== null}
        title={t('stopNGo.screens.confirmDelete.title')}
        text={t('stopNGo.screens.confirmDelete.text', { name: toDelete?.name ?? '' })}
        confirm={t('stopNGo.screens.delete')}
        busy={removing.loading}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onClose={() => setToDelete(null)}
      />
      <ConfirmModal
        cancel={t('stopNGo.cancel')}
        testId="stopngo-confirm"
        opened={toRenew !== null}
        title={t('stopNGo.screens.confirmRenew.title')}
        text={t('stopNGo.screens.confirmRenew.text', { name: toRenew?.name ?? '' })}
        confirm={t('stopNGo.screens.renew')}
        busy={renewing.loading}
        onConfirm={() => toRenew && void confirmRenew(toRenew)}
        onClose={() => setToRenew(null)}
      />
    </Paper>
  );
}
