import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { editorPath } from './editorPath.ts';

/** Opens the editor on this page; shown only to callers whose rights allow editing dashboards. */
export function EditButton({ dashboardId, pageId }: { dashboardId: number; pageId: number }) {
  const { t } = useTranslation();
  const { gates } = useCaller();
  if (!gates?.dashboardEdit) return null;
  return (
    <Button component={Link} to={editorPath(dashboardId, pageId)} variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden="true" />}>
      {t('dashboardEditor.open')}
    </Button>
  );
}
