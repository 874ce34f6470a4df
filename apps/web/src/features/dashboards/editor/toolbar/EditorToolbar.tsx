import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy, IconHistory, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface EditorToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  dirty: boolean;
  saving: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onAddWidget: () => void;
  onHistory: () => void;
  onSave: () => void;
  onClose: () => void;
}

/** The editor's actions: undo and redo (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y), add a widget, history, save, leave. */
export function EditorToolbar(p: EditorToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="toolbar" aria-label={t('dashboardEditor.toolbar.label')}>
      <Tooltip label={t('dashboardEditor.toolbar.undoHint')}>
        <ActionIcon variant="default" size="lg" aria-label={t('dashboardEditor.toolbar.undo')} disabled={!p.canUndo} onClick={p.onUndo}>
          <IconArrowBackUp size={18} aria-hidden="true" className="sl-flip-rtl" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('dashboardEditor.toolbar.redoHint')}>
        <ActionIcon variant="default" size="lg" aria-label={t('dashboardEditor.toolbar.redo')} disabled={!p.canRedo} onClick={p.onRedo}>
          <IconArrowForwardUp size={18} aria-hidden="true" className="sl-flip-rtl" />
        </ActionIcon>
      </Tooltip>
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={p.onAddWidget}>
        {t('dashboardEditor.toolbar.addWidget')}
      </Button>
      <Button variant="default" leftSection={<IconHistory size={16} aria-hidden="true" />} onClick={p.onHistory}>
        {t('dashboardEditor.toolbar.history')}
      </Button>
      <Button leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />} onClick={p.onSave} loading={p.saving} disabled={!p.dirty}>
        {t('dashboardEditor.toolbar.save')}
      </Button>
      <Button variant="subtle" leftSection={<IconX size={16} aria-hidden="true" />} onClick={p.onClose}>
        {t('dashboardEditor.toolbar.close')}
      </Button>
    </Group>
  );
}
