import { forwardRef } from 'react';
import { Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type WidgetType, widgetEditorFields, widgetTypeDescriptionKey, widgetTypeNameKey } from '@sitelens/domain';
import classes from './WidgetTypeCard.module.css';
import { WidgetThumbnail } from './WidgetThumbnail.tsx';

interface WidgetTypeCardProps {
  type: WidgetType;
  onPick: (type: WidgetType) => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => void;
}

/** One type of the gallery: a button named by the type, described by its one-line description. */
export const WidgetTypeCard = forwardRef<HTMLButtonElement, WidgetTypeCardProps>(function WidgetTypeCard({ type, onPick, onKeyDown }, ref) {
  const { t } = useTranslation();
  const descriptionId = `widget-gallery-${type}-description`;
  return (
    <UnstyledButton ref={ref} onClick={() => onPick(type)} onKeyDown={onKeyDown} aria-describedby={descriptionId} data-widget-type={type} className={classes.button} w="100%" h="100%">
      <Paper withBorder p="sm" radius="md" h="100%" className={classes.card}>
        <Stack gap={6}>
          <WidgetThumbnail id={widgetEditorFields(type).thumbnail} />
          <Text fw={600} size="sm">
            {t(widgetTypeNameKey(type))}
          </Text>
          <Text id={descriptionId} size="xs" c="dimmed">
            {t(widgetTypeDescriptionKey(type))}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
});
