import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconFileText, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';

/** The chosen file: name, size (1024 base), the encoding a CSV will be read in, and a control to remove it. */
export function SalesFilePreview({ file, encoding, onRemove, disabled }: { file: File; encoding: string | null; onRemove: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sales-file-preview">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <IconFileText size={22} aria-hidden="true" />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate dir="auto">
              {file.name}
            </Text>
            <Text size="sm" c="dimmed">
              <LtrValue>{formatBytes(file.size)}</LtrValue>
              {encoding && (
                <>
                  {' · '}
                  <span data-testid="sales-file-encoding">{t('sales.import.preview.encoding', { encoding: t(`sales.import.encodings.${encoding}`) })}</span>
                </>
              )}
            </Text>
          </div>
        </Group>
        <ActionIcon variant="subtle" color="gray" onClick={onRemove} disabled={disabled} aria-label={t('sales.import.preview.remove', { name: file.name })}>
          <IconX size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
