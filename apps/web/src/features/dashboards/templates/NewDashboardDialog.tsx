import { useState } from 'react';
import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { CREATE_DASHBOARD_FROM_TEMPLATE, CREATE_EMPTY_DASHBOARD } from './templateDocuments.ts';
import { TemplatePicker } from './TemplatePicker.tsx';
import { editorPath } from '../editor/editorPath.ts';

/** "New dashboard": a name, and an empty start or a template filled from one of the organization's sites. */
export function NewDashboardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { installations } = useCaller();
  const [name, setName] = useState('');
  const [site, setSite] = useState<string | null>(installations?.[0] ? String(installations[0].id) : null);
  const [template, setTemplate] = useState('empty');
  const [createEmpty, empty] = useMutation(CREATE_EMPTY_DASHBOARD);
  const [createFromTemplate, fromTemplate] = useMutation(CREATE_DASHBOARD_FROM_TEMPLATE);
  const error = empty.error ?? fromTemplate.error;

  const onCreate = async () => {
    if (template === 'empty') {
      // No page yet: straight to the editor, on the site chosen here (kept with the dashboard), to add the first widgets.
      const made = (await createEmpty({ variables: { name, installationId: site ? Number(site) : null } })).data?.createDashboard;
      if (made) await navigate(`${editorPath(made.id)}${site ? `?site=${site}` : ''}`);
      return;
    }
    const r = (await createFromTemplate({ variables: { installationId: Number(site), template: template as never, name, language: i18n.language } })).data?.createDashboardFromTemplate;
    if (r) await navigate(r.url);
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onClose} title={t('dashboardTemplates.newTitle')} size="lg">
      <Stack>
        <TextInput label={t('dashboardTemplates.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} data-autofocus />
        <Select
          label={t('dashboardTemplates.site')}
          data={(installations ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={site}
          onChange={(v) => {
            setSite(v);
            setTemplate('empty');
          }}
          allowDeselect={false}
        />
        <TemplatePicker installationId={site ? Number(site) : null} value={template} onChange={setTemplate} />
        {error && (
          <Alert color="red">{error.graphQLErrors[0]?.extensions?.reason === 'templateUnavailable' ? t('dashboardTemplates.templateUnavailable') : errorText(error, t)}</Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboardTemplates.cancel')}
          </Button>
          <Button onClick={() => void onCreate().catch(() => undefined)} disabled={!name.trim() || (template !== 'empty' && !site)} loading={empty.loading || fromTemplate.loading}>
            {t('dashboardTemplates.create')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
