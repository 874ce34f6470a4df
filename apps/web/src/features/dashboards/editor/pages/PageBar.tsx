import { useState } from 'react';
import { ActionIcon, Button, Group, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ModelPage } from '../model/dashboardModel.ts';
import { RemovePageDialog } from './RemovePageDialog.tsx';

export interface PageBarProps {
  pages: ModelPage[];
  currentId: number;
  onOpen: (pageId: number) => void;
  onAdd: () => void;
  onRename: (pageId: number, name: string) => void;
  onMove: (pageId: number, delta: -1 | 1) => void;
  onRemove: (pageId: number) => void;
}

/** The draft's pages as tabs, and the current page's name, place and removal. Left and right follow the reading direction. */
export function PageBar({ pages, currentId, onOpen, onAdd, onRename, onMove, onRemove }: PageBarProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const index = pages.findIndex((p) => p.id === currentId);
  const page = pages[index];
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="md">
        {/* A switch between the draft's pages (their content is the editor below, not a tab panel). */}
        <Group component="nav" aria-label={t('dashboardEditor.pages.label')} gap={4} wrap="wrap" style={{ minWidth: 0, flex: 1 }}>
          {pages.map((p) => (
            <Button key={p.id} size="xs" variant={p.id === currentId ? 'light' : 'subtle'} aria-current={p.id === currentId ? 'page' : undefined} onClick={() => onOpen(p.id!)}>
              {p.name || t('dashboardEditor.pages.untitled')}
            </Button>
          ))}
        </Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={onAdd}>
          {t('dashboardEditor.pages.add')}
        </Button>
      </Group>
      {page && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('dashboardEditor.pages.name')}
            value={page.name}
            onChange={(e) => onRename(currentId, e.currentTarget.value)}
            error={page.name.trim() === '' ? t('dashboardEditor.pages.nameRequired') : undefined}
            maxLength={100}
            w={280}
          />
          <Tooltip label={t('dashboardEditor.pages.moveEarlier')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboardEditor.pages.moveEarlier')} disabled={index <= 0} onClick={() => onMove(currentId, -1)}>
              <IconArrowLeft size={16} aria-hidden="true" className="sl-flip-rtl" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('dashboardEditor.pages.moveLater')}>
            <ActionIcon variant="default" size="lg" aria-label={t('dashboardEditor.pages.moveLater')} disabled={index >= pages.length - 1} onClick={() => onMove(currentId, 1)}>
              <IconArrowRight size={16} aria-hidden="true" className="sl-flip-rtl" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={pages.length <= 1 ? t('dashboardEditor.pages.lastPage') : t('dashboardEditor.pages.remove')}>
            <ActionIcon variant="default" color="red" size="lg" aria-label={t('dashboardEditor.pages.remove')}
              // Focusable while it cannot be used, so its tooltip says why (a disabled button gets no focus or hover).
              data-disabled={pages.length <= 1 || undefined}
              aria-disabled={pages.length <= 1 || undefined}
              aria-description={pages.length <= 1 ? t('dashboardEditor.pages.lastPage') : undefined}
              onClick={() => pages.length > 1 && setConfirming(true)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <RemovePageDialog
        opened={confirming}
        name={page?.name ?? ''}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onRemove(currentId);
        }}
      />
    </>
  );
}
