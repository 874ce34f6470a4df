import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { conjunctionList } from '@sitelens/domain';

interface AuditEntryTextProps {
  operation: string;
  objectName: string | null;
  changedFields: readonly string[];
}

/** One audit entry as a sentence in the reader's language, with the fields it changed (never their values). */
export function AuditEntryText({ operation, objectName, changedFields }: AuditEntryTextProps) {
  const { t, i18n } = useTranslation();
  const object = objectName ?? t('auditLog.unnamed');
  const sentence = i18n.exists(`auditLog.op.${operation}`) ? t(`auditLog.op.${operation}`, { object }) : t('auditLog.otherOperation', { operation });
  const fields = changedFields.map((f) => (i18n.exists(`auditLog.fields.${f}`) ? t(`auditLog.fields.${f}`) : f));
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="audit-sentence">
        {sentence}
      </Text>
      {fields.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="audit-changed">
          {t('auditLog.changed', { fields: conjunctionList(i18n.language, fields) })}
        </Text>
      )}
    </Stack>
  );
}
