import { useRef, useState, type DragEvent, type Ref } from 'react';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SALES_FILE_MAX_BYTES, SALES_FILE_TYPES, formatBytes } from '@sitelens/domain';
import classes from './SalesFileDrop.module.css';

const ACCEPT = Object.values(SALES_FILE_TYPES).flatMap((t) => t.extensions).join(',');

/** One file by drag and drop, or by the keyboard-reachable button that opens the file picker. */
export function SalesFileDrop({ onFiles, disabled, buttonRef }: { onFiles: (files: File[]) => void; disabled?: boolean; buttonRef?: Ref<HTMLButtonElement> }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Paper
      withBorder
      radius="md"
      className={`${classes.zone} ${over ? classes.over : ''}`}
      onDragOver={(e: DragEvent) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="sales-drop-zone"
    >
      <UnstyledButton ref={buttonRef} className={classes.button} onClick={() => input.current?.click()} disabled={disabled} aria-describedby="sales-file-formats">
        <Stack align="center" gap={6} p="xl">
          <IconFileSpreadsheet size={40} stroke={1.4} aria-hidden="true" />
          <Text fw={600}>{t('sales.import.picker.drop')}</Text>
          <Group gap={4}>
            <Text size="sm" c="dimmed" id="sales-file-formats">
              {t('sales.import.picker.formats', { size: formatBytes(SALES_FILE_MAX_BYTES) })}
            </Text>
          </Group>
        </Stack>
      </UnstyledButton>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('sales.import.picker.label')}
        data-testid="sales-file-input"
        onChange={(e) => {
          onFiles(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}
