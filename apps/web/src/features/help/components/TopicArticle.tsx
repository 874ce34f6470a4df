import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { HelpTopic } from '@sitelens/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FaqList } from './FaqList.tsx';
import { MetricGlossary } from './MetricGlossary.tsx';
import { SalesFileLayout } from './SalesFileLayout.tsx';
import { TopicIcon } from './TopicIcon.tsx';

/** One topic: its sections, what belongs with them (the sales file table, the metrics glossary) and its questions. */
export function TopicArticle({ topic, openedQuestion }: { topic: HelpTopic; openedQuestion: string | null }) {
  const { t } = useTranslation();
  const base = `help.topics.${topic.id}`;
  return (
    <Stack gap="lg" component="article" aria-labelledby="help-topic-title" data-testid="help-topic" data-topic={topic.id}>
      <Anchor component={Link} to="/help" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} className="sl-flip-rtl" aria-hidden="true" />
          {t('help.allTopics')}
        </Group>
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size={40} radius="md">
          <TopicIcon name={topic.icon} size={22} />
        </ThemeIcon>
        <div>
          <Title order={2} size="h3" id="help-topic-title">
            {t(`${base}.title`)}
          </Title>
          <Text c="dimmed">{t(`${base}.summary`)}</Text>
        </div>
      </Group>
      {topic.sections.map((section) => (
        <Stack key={section} gap={6} component="section" aria-labelledby={`help-section-${section}`}>
          <Title order={3} size="h5" id={`help-section-${section}`}>
            {t(`${base}.sections.${section}.title`)}
          </Title>
          <Text>{t(`${base}.sections.${section}.text`)}</Text>
          {topic.id === 'salesImport' && section === 'layout' && <SalesFileLayout />}
        </Stack>
      ))}
      {topic.id === 'metrics' && <MetricGlossary />}
      <FaqList topic={topic.id} opened={openedQuestion} />
    </Stack>
  );
}
