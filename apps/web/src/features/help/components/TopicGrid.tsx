import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { HELP_TOPICS } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TopicIcon } from './TopicIcon.tsx';

export function TopicGrid() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="help-topics">
      {HELP_TOPICS.map((topic) => (
        <Card key={topic.id} component={Link} to={`/help/${topic.id}`} withBorder radius="md" padding="md" data-testid="help-topic-card">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={36} radius="md">
              <TopicIcon name={topic.icon} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{t(`help.topics.${topic.id}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`help.topics.${topic.id}.summary`)}
              </Text>
            </div>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
