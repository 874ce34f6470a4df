import { Button, Paper, Text, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useReplayTour } from '../useReplayTour.ts';

/** Replays the guided tour from the help centre. */
export function TourCard() {
  const { t } = useTranslation();
  const { replay, starting } = useReplayTour();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tour-title">
      <Title order={2} size="h4" id="tour-title" mb={4}>
        {t('help.tour.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('help.tour.text')}
      </Text>
      <Button leftSection={<IconRoute size={16} aria-hidden="true" />} onClick={() => void replay()} loading={starting} data-testid="tour-replay">
        {t('help.tour.start')}
      </Button>
    </Paper>
  );
}
