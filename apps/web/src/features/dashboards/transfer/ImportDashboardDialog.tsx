import { useState } from 'react';
import { type ApolloError, useApolloClient, useMutation } from '@apollo/client';
import { Alert, Button, FileInput, Group, List, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/errorText.ts';
import { type MappingChoice, initialChoice, mappingInput, unmapped } from './importMapping.ts';
import { ReferenceReview } from './ReferenceReview.tsx';
import { IMPORT_DASHBOARD, type ImportPreview, PREVIEW_DASHBOARD_IMPORT } from './transferDocuments.ts';

/** "Import": a file, its errors by line and column, or a review of its references; then the new dashboard opens. */
export function ImportDashboardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const [text, setText] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [choice, setChoice] = useState<MappingChoice>({});
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [importDashboard, importing] = useMutation(IMPORT_DASHBOARD);

  const onFile = async (file: File | null) => {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    const content = await file.text();
    setText(content);
    try {
      const { data } = await client.query({ query: PREVIEW_DASHBOARD_IMPORT, variables: { text: content }, fetchPolicy: 'no-cache' });
      setPreview(data.previewDashboardImport);
      setChoice(initialChoice(data.previewDashboardImport.references));
      setName(data.previewDashboardImport.name ?? '');
    } catch (e) {
      setProblem(errorText(e as never, t));
    }
  };

  const onImport = async () => {
    if (!text || !preview) return;
    try {
      const r = await importDashboard({ variables: { text, mapping: mappingInput(preview.references, choice), name } });
      if (r.data) await navigate(r.data.importDashboard.url);
    } catch (e) {
      const details = (e as ApolloError).graphQLErrors?.[0]?.extensions;
      setProblem(details?.field === 'mapping' ? t('dashboardTransfer.mappingRefused') : errorText(e as never, t));
    }
  };

  const ready = preview && preview.errors.length === 0;
  const missing = preview ? unmapped(preview.references, choice).length : 0;
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onClose} title={t('dashboardTransfer.importTitle')} size="xl">
      <Stack>
        <FileInput label={t('dashboardTransfer.file')} accept="application/json,.json" onChange={(f) => void onFile(f)} clearable clearButtonProps={{ 'aria-label': t('dashboardTransfer.clearFile') }} data-testid="import-file" />
        {problem && <Alert color="red">{problem}</Alert>}
        {preview && preview.errors.length > 0 && (
          <Alert color="red" title={t('dashboardTransfer.errorsTitle')} data-testid="import-errors">
            <List size="sm">
              {preview.errors.map((e) => (
                <List.Item key={`${e.line}:${e.column}:${e.path}`}>
                  {t('dashboardTransfer.at', { line: e.line, column: e.column })} {e.path && <code dir="ltr">{e.path}</code>} {t(e.message)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {ready && (
          <>
            <TextInput label={t('dashboardTransfer.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={100} />
            {preview.references.length > 0 && <ReferenceReview references={preview.references} candidates={preview.candidates} choice={choice} onChange={setChoice} />}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboardTransfer.cancel')}
          </Button>
          <Button onClick={() => void onImport()} disabled={!ready || missing > 0 || !name.trim()} loading={importing.loading}>
            {t('dashboardTransfer.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
