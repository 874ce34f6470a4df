import { Alert, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGO_IMAGE_TYPES } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat } from '../../shared/caller/userDateFormat.ts';
import { ImagePicker } from '../../shared/images/ImagePicker.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { CustomLinksEditor } from '../../shared/links/CustomLinksEditor.tsx';
import { UnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { CalendarProvider } from '../../shared/forms/CalendarProvider.tsx';
import { FormActions } from '../../shared/forms/FormActions.tsx';
import { useCalendarLabels } from '../../shared/forms/useCalendarLabels.ts';
import { OrganizationStatsPanel } from './components/OrganizationStatsPanel.tsx';
import { useOrganizationForm } from './hooks/useOrganizationForm.ts';
import { parseTypedDate } from '../../shared/forms/parseTypedDate.ts';
import type { CurrentOrganization } from '../../shared/caller/callerQueries.ts';
import { Form } from '../../shared/forms/Form.tsx';
import { SectionCard } from '../../shared/layout/SectionCard.tsx';

/** Settings > Organization (spec 000 §2, issue 20): editable with organization.general edit, read-only otherwise. */
export default function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const { organization } = useCaller();
  return (
    <>
      <PageHeader title={t('settings.organization.title')} />
      <Stack gap="xl" maw={880}>
        {organization ? <OrganizationForm organization={organization} /> : <Alert color="gray">{t('settings.organization.none')}</Alert>}
        <OrganizationStatsPanel />
      </Stack>
    </>
  );
}

function OrganizationForm({ organization }: { organization: CurrentOrganization }) {
  const { t } = useTranslation();
  const { gates, me } = useCaller();
  const editable = gates.organizationEditable;
  const form = useOrganizationForm(organization);
  const { draft, set } = form;
  const calendarLabels = useCalendarLabels();

  return (
    <Form onSubmit={() => void form.save()} label={t('settings.organization.title')}>
      {editable && <UnsavedChangesGuard when={form.dirty} onSave={form.save} />}
      <Stack gap="lg">
        {!editable && (
          <Alert color="gray" icon={<IconLock size={18} aria-hidden="true" />} data-testid="organization-read-only">
            {t('settings.organization.readOnly')}
          </Alert>
        )}
        <SectionCard title={t('settings.organization.general')}>
          <TextInput
            label={t('settings.organization.name')}
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={form.nameError}
            readOnly={!editable}
            required={editable}
            dir="auto"
            data-testid="organization-name"
          />
          <Textarea
            label={t('settings.organization.address')}
            value={draft.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            error={form.addressError}
            readOnly={!editable}
            autosize
            minRows={2}
            dir="auto"
            data-testid="organization-address"
          />
          {editable ? (
            <ImagePicker label={t('settings.organization.logo')} value={draft.logo} onChange={(logo) => set('logo', logo)} accept={LOGO_IMAGE_TYPES} shape="logo" error={form.logoError} />
          ) : (
            draft.logo && (
              <div>
                <Text size="sm" fw={500}>
                  {t('settings.organization.logo')}
                </Text>
                <img src={draft.logo} alt={t('settings.organization.logoOf', { name: draft.name })} style={{ maxHeight: 64, maxWidth: 240, marginTop: 6 }} />
              </div>
            )
          )}
        </SectionCard>
        <Paper withBorder radius="md" p="lg">
          <Stack>
            <div>
              <Title order={2} size="h4">
                {t('settings.organization.links.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.organization.links.hint')}
              </Text>
            </div>
            <CustomLinksEditor value={draft.customLinks} onChange={(links) => set('customLinks', links)} showErrors={form.tried} serverError={form.serverError} readOnly={!editable} />
          </Stack>
        </Paper>
        <SectionCard title={t('settings.organization.migration.title')}>
          <CalendarProvider>
            <DateInput
              label={t('settings.organization.migration.deadline')}
              description={t('settings.organization.migration.hint')}
              value={draft.migrationDeadline}
              onChange={(value) => set('migrationDeadline', value ? String(value).slice(0, 10) : null)}
              valueFormat={userDateFormat(me.dateFormat)}
              dateParser={(text) => parseTypedDate(text, userDateFormat(me.dateFormat))}
              clearable={editable}
              clearButtonProps={{ 'aria-label': t('settings.organization.migration.clear') }}
              readOnly={!editable}
              placeholder={t('settings.organization.migration.none')}
              error={form.deadlineError}
              styles={{ input: { maxWidth: 280 } }}
              ariaLabels={calendarLabels}
              data-testid="organization-deadline"
            />
          </CalendarProvider>
        </SectionCard>
        {editable && <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />}
      </Stack>
    </Form>
  );
}
