import { Button, Group, List, Modal, ScrollArea, Text } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SALES_ERROR_MODAL_MAX_HEIGHT_PX, type SalesRowError } from '@sitelens/domain';
import { firstStrongIsolate } from '../../../shared/bidi/isolate.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { useRowErrorText } from '../hooks/useRowErrorText.ts';

export interface SalesErrorList {
  fileName: string;
  errors: readonly SalesRowError[];
  errorCount: number;
  /** Refused by the server after the good lines were imported (not by the browser's pre-check). */
  imported: boolean;
}

/** The refused lines, one per problem, with a copy-to-clipboard button (spec 002 §2, §8, §9). */
export function SalesErrorsModal({ list, onClose }: { list: SalesErrorList | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lineText = useRowErrorText();
  const lines = list?.errors.map(lineText) ?? [];
  const more = list ? list.errorCount - list.errors.length : 0;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText([list!.fileName, ...lines].join('\n'));
      showToast(t('sales.import.modal.copied'), 'success');
    } catch {
      showToast(t('sales.import.modal.cannotCopy'), 'error');
    }
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={list !== null} onClose={onClose} title={t('sales.import.modal.title')} size="lg" centered>
      {list && (
        <>
          <Text size="sm" mb="sm">
            {t(list.imported ? 'sales.import.modal.serverIntro' : 'sales.import.modal.intro', { count: list.errorCount, name: firstStrongIsolate(list.fileName) })}
          </Text>
          <ScrollArea.Autosize mah={SALES_ERROR_MODAL_MAX_HEIGHT_PX} type="auto" offsetScrollbars>
            <List size="sm" spacing={4} data-testid="sales-error-lines">
              {lines.map((line, i) => (
                <List.Item key={i} data-row-error>
                  {line}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
          {more > 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('sales.import.modal.more', { count: more })}
            </Text>
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => void copy()}>
              {t('sales.import.modal.copy')}
            </Button>
            <Button onClick={onClose}>{t('sales.import.modal.close')}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
