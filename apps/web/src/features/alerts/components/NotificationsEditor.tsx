import { ActionIcon, Button, Group, MultiSelect, Paper, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALERT_ACTION_TYPES, MAX_ALERT_ACTIONS } from '@sitelens/domain';
import type { AlertRecipient } from '../graphql/alerts.ts';
import { type ActionDraft, NEW_ACTION } from '../hooks/useAlertForm.ts';

export interface NotificationsEditorProps {
  actions: ActionDraft[];
  onChange: (actions: ActionDraft[]) => void;
  recipients: AlertRecipient[];
  errorOf: (field: string) => string | null;
}

/** Whether the recipient can be reached on the channel (spec 002 §5): a verified e-mail, a verified phone. */
const reachable = (type: string, r: AlertRecipient) => (type === 'email' ? r.emailVerified : type === 'sms' ? r.hasPhone && r.phoneVerified : true);
/** Only who may open alerts can be told of one: their message opens a page they may open (issue 29.3). */
const eligible = (type: string, r: AlertRecipient) => r.canReadAlerts && reachable(type, r);

/** Up to 5 notifications: e-mail, push, SMS or webhook, each with its title, content and recipients. */
export function NotificationsEditor({ actions, onChange, recipients, errorOf }: NotificationsEditorProps) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<ActionDraft>) => onChange(actions.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const err = (field: string) => {
    const reason = errorOf(field);
    return reason ? t(`alerts.form.problem.${reason}`, { defaultValue: t('errors.BAD_USER_INPUT') }) : undefined;
  };
  return (
    <Stack gap="sm">
      {actions.map((a, i) => (
        <Paper key={i} withBorder p="sm" radius="md" data-testid={`alert-action-${i}`}>
          <Stack gap="xs">
            <Group align="flex-end" wrap="nowrap">
              <Select
                label={t('alerts.form.channel')}
                data={ALERT_ACTION_TYPES.map((value) => ({ value, label: t(`alerts.channel.${value}`) }))}
                value={a.type}
                onChange={(type) => type && set(i, { type, recipients: a.recipients.filter((id) => recipients.some((r) => r.userId === id && eligible(type, r))) })}
                allowDeselect={false}
                style={{ flex: 1 }}
                data-testid={`alert-action-type-${i}`}
              />
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('alerts.form.removeNotification')} onClick={() => onChange(actions.filter((_, j) => j !== i))}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {a.type === 'job' ? (
              <TextInput label={t('alerts.form.webhookUrl')} withAsterisk value={a.url} onChange={(e) => set(i, { url: e.currentTarget.value })} error={err(`actions.${i}.url`)} dir="ltr" type="url" />
            ) : (
              <MultiSelect
                label={t('alerts.form.recipients')}
                description={recipients.some((r) => !r.canReadAlerts) ? t('alerts.form.recipientsHelp') : undefined}
                // Mantine marks a disabled option for the eye only: its label says why too.
                data={recipients.map((r) => ({
                  value: String(r.userId),
                  label: r.canReadAlerts ? r.name : t('alerts.form.recipientWithoutAccess', { name: r.name }),
                  disabled: !eligible(a.type, r),
                }))}
                value={a.recipients.map(String)}
                onChange={(v) => set(i, { recipients: v.map(Number) })}
                error={err(`actions.${i}.recipients`)}
                searchable
                data-testid={`alert-action-recipients-${i}`}
              />
            )}
            <TextInput label={t('alerts.form.msgTitle')} value={a.msgTitle} onChange={(e) => set(i, { msgTitle: e.currentTarget.value })} dir="auto" />
            <Textarea label={t('alerts.form.msgContent')} value={a.msgContent} onChange={(e) => set(i, { msgContent: e.currentTarget.value })} autosize minRows={2} dir="auto" />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} disabled={actions.length >= MAX_ALERT_ACTIONS} onClick={() => onChange([...actions, { ...NEW_ACTION }])} data-testid="alert-add-action">
          {t('alerts.form.addNotification', { max: MAX_ALERT_ACTIONS })}
        </Button>
      </Group>
    </Stack>
  );
}
