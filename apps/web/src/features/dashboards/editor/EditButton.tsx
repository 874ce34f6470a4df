import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { canEditDashboard } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { editorPath } from './editorPath.ts';

/** Opens the editor on this page; shown only to callers who may change this dashboard (canEditDashboard). */
export function EditButton({ dashboardId, pageId, kind }: { dashboardId: number; pageId: number; kind: string | undefined }) {
  const { t } = useTranslation();
  const { caller } = useCaller();
  if (kind === undefined || !canEditDashboard(caller, kind)) return null;
  return (
    <Button component={Link} to={editorPath(dashboardId, pageId)} variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden="true" />}>
      {t('dashboardEditor.open')}
    </Button>
  );
}
