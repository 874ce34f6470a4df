import { type ApolloError, useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, TagsInput, TextInput, Title } from '@mantine/core';
import { NumberField } from '../../../shared/forms/NumberField.tsx';
import { useTranslation } from 'react-i18next';
import { MAX_REMINDER_MINUTES, offeredConditionTypes } from '@sitelens/domain';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { useUnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { ALERT_LIST, ALERT_RECIPIENTS, CREATE_ALERT, UPDATE_ALERT_DETAILS } from '../graphql/alerts.ts';
import { type AlertFormDraft, alertVariables, conditionForSite, useAlertForm } from '../hooks/useAlertForm.ts';
import { useScrollPaddingAbove } from '../hooks/useScrollPaddingAbove.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import { NotificationsEditor } from './NotificationsEditor.tsx';
import { ScheduleEditor } from './ScheduleEditor.tsx';
import classes from './AlertForm.module.css';
import { FormCard } from '../../../shared/forms/FormCard.tsx';
import { useFocusFirstInvalid } from '../../../shared/forms/useFocusFirstInvalid.ts';

/** The new and edit forms (spec 002 §2–§5): site, event, condition, notifications, contacts, schedule; Cancel and Save. */
export function AlertForm({ alertId, initial }: { alertId: number | null; initial: AlertFormDraft }) {
  const { t } = useTranslation();
  const { me, installations } = useCaller();
  const form = useAlertForm(initial);
  const { draft, optionsQuery } = form;
  const guard = useUnsavedChangesGuard({ when: form.dirty });
  const navigate = useNavigate();
  const recipientsQuery = useQuery(ALERT_RECIPIENTS);
  const refetchQueries = [{ query: ALERT_LIST, variables: { first: 15 } }];
  const [create, created] = useMutation(CREATE_ALERT, { refetchQueries });
  const [update, updated] = useMutation(UPDATE_ALERT_DETAILS, { refetchQueries });
  const saving = created.loading || updated.loading;
  const site = installations?.find((i) => i.id === draft.installationId);
  const openingHours = (site?.opening_hours ?? []).map(({ __typename: _t, ...w }) => ({ ...w, reset: false }));
  const options = optionsQuery.data;
  const organizationId = me.organizationIds[0] ?? 0;
  const mailsError = form.errorOf('planning.mails') ? t('alerts.form.problem.invalidEmail') : null;
  const phonesError = form.errorOf('planning.phones') ? t('alerts.form.problem.invalidPhone') : null;
  const reminderProblem = form.problemOf('reminderMinutes');
  const reminderError = reminderProblem ? t(`alerts.form.problem.${reminderProblem.reason}`, { min: reminderProblem.min, max: reminderProblem.max }) : null;
  const fields = useFocusFirstInvalid<HTMLDivElement>();
  // A field reached with Tab scrolls above the sticky save bar, not under it.
  const saveBar = useRef<HTMLDivElement>(null);
  useScrollPaddingAbove(saveBar);

  async function save() {
    form.setTried(true);
    if (form.problems.length > 0) {
      fields.focusFirstInvalid();
      return;
    }
    const v = alertVariables(draft, organizationId);
    const common = { name: v.name, organizationId: v.organizationId, installationId: v.installationId, eventId: v.eventId, enabled: v.enabled, schedule: v.schedule, reminderMinutes: v.reminderMinutes };
    try {
      if (alertId === null) await create({ variables: { input: { ...common, conditionsToAdd: [v.condition], actionsToAdd: v.actions, planningToAdd: v.planning, planningIds: [] } } });
      else await update({ variables: { input: { ...common, id: alertId, conditions: [v.condition], actions: v.actions, planning: v.planning } } });
      form.markSaved();
      showToast(t(alertId === null ? 'alerts.toast.created' : 'alerts.toast.updated'), 'success');
      guard.leave('/alerts');
    } catch (error) {
      // A refusal the form could not foresee names its reason: say that rather than "invalid input".
      const reason = (error as ApolloError).graphQLErrors?.[0]?.extensions?.reason;
      showToast(typeof reason === 'string' ? t(`alerts.form.problem.${reason}`, { defaultValue: errorText(error as ApolloError, t) }) : errorText(error as ApolloError, t), 'error');
    }
  }

  return (
    <FormCard maw={880} label={t(alertId === null ? 'alerts.new.title' : 'alerts.edit.title')} onSubmit={() => void save()}>
      <Stack gap="lg" ref={fields.ref}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('alerts.form.name')} value={draft.name} onChange={(e) => form.update({ name: e.currentTarget.value })} error={form.errorOf('name') && t(`alerts.form.problem.${form.errorOf('name')}`)} required dir="auto" data-testid="alert-name" />
          <Switch label={t('alerts.form.enabled')} checked={draft.enabled} onChange={(e) => form.update({ enabled: e.currentTarget.checked })} mt={{ sm: 'xl' }} />
          <Select
            label={t('alerts.form.site')}
            data={(installations ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
            value={draft.installationId === null ? null : String(draft.installationId)}
            onChange={(v) => {
              const next = installations?.find((i) => i.id === Number(v));
              form.update({ installationId: next?.id ?? null, eventId: null, condition: conditionForSite(draft.condition, next?.families) });
            }}
            error={form.errorOf('installationId') && t('alerts.form.problem.required')}
            searchable
            required
            data-testid="alert-site"
          />
          <Select
            label={t('alerts.form.event')}
            data={(options?.allEventsByInstallation ?? []).map((e) => ({ value: String(e.id), label: e.name }))}
            value={draft.eventId === null ? null : String(draft.eventId)}
            onChange={(v) => form.update({ eventId: v ? Number(v) : null })}
            clearable
            data-testid="alert-event"
          />
        </SimpleGrid>
        {optionsQuery.error && <Alert color="red">{errorText(optionsQuery.error, t)}</Alert>}
        <section aria-labelledby="alert-condition-title">
          <Title order={3} size="h4" mb="sm" id="alert-condition-title">
            {t('alerts.form.condition')}
          </Title>
          <ConditionEditor
            condition={draft.condition}
            types={offeredConditionTypes(site?.families, draft.condition.type)}
            onChange={form.setCondition}
            zones={(options?.zonesByInstallation ?? []).filter((z) => !z.isDeleted)}
            sensors={options?.devicesAtmosphereByInstallation ?? []}
            pads={options?.padsByInstallation ?? []}
            problemOf={form.problemOf}
          />
        </section>
        <section aria-labelledby="alert-notifications-title">
          <Title order={3} size="h4" mb="sm" id="alert-notifications-title">
            {t('alerts.form.notifications')}
          </Title>
          <NotificationsEditor actions={draft.actions} onChange={(actions) => form.update({ actions })} recipients={recipientsQuery.data?.alertRecipients ?? []} errorOf={form.errorOf} />
        </section>
        <section aria-labelledby="alert-contacts-title">
          <Title order={3} size="h4" mb="sm" id="alert-contacts-title">
            {t('alerts.form.contacts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TagsInput label={t('alerts.form.mails')} value={draft.mails} onChange={(mails) => form.update({ mails })} error={mailsError} dir="ltr" classNames={{ pill: classes.ltrPill }} data-testid="alert-mails" />
            <TagsInput label={t('alerts.form.phones')} value={draft.phones} onChange={(phones) => form.update({ phones })} error={phonesError} dir="ltr" classNames={{ pill: classes.ltrPill }} data-testid="alert-phones" />
          </SimpleGrid>
        </section>
        <section aria-labelledby="alert-schedule-title">
          <Title order={3} size="h4" mb="sm" id="alert-schedule-title">
            {t('alerts.form.schedule')}
          </Title>
          <Stack gap="md">
            <ScheduleEditor schedule={draft.schedule} weekly={draft.weekly} openingHours={openingHours} timezone={site?.timezone ?? null} onChange={form.update} errorOf={form.errorOf} />
            <NumberField
              label={t('alerts.form.reminder')}
              description={t('alerts.form.reminderHelp')}
              min={1}
              max={MAX_REMINDER_MINUTES}
              // Kept as typed: a number past the range is refused with it, not changed (5000 is no 1440).
              clampBehavior="none"
              allowDecimal={false}
              value={draft.reminderMinutes ?? ''}
              onChange={(v) => form.update({ reminderMinutes: v === '' ? null : Number(v) })}
              error={reminderError}
              maw={260}
              data-testid="alert-reminder"
            />
          </Stack>
        </section>
        <Group justify="flex-end" gap="sm" py="sm" bg="var(--mantine-color-body)" className={classes.saveBar} ref={saveBar} data-testid="alert-save-bar">
          <Button variant="default" onClick={() => void navigate('/alerts')} disabled={saving} data-testid="alert-cancel">
            {t('alerts.form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="alert-save">
            {t('alerts.form.save')}
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}
