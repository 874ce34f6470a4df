import { useMemo } from 'react';
import { FAQ, HELP_TOPICS, type HelpSearchItem, type HelpTopicId, METRIC_HELP } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

export interface HelpIndexItem extends HelpSearchItem {
  kind: 'topic' | 'faq' | 'metric';
  /** Where the result leads in the help centre. */
  to: string;
  topic: HelpTopicId;
}

/** Every topic, question and metric of the help centre in the reader's language, ready to search. */
export function useHelpIndex(): HelpIndexItem[] {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const topics = HELP_TOPICS.map<HelpIndexItem>((topic) => ({
      id: `topic:${topic.id}`,
      kind: 'topic',
      topic: topic.id,
      to: `/help/${topic.id}`,
      title: t(`help.topics.${topic.id}.title`),
      body: [t(`help.topics.${topic.id}.summary`), ...topic.sections.flatMap((s) => [t(`help.topics.${topic.id}.sections.${s}.title`), t(`help.topics.${topic.id}.sections.${s}.text`)])].join(' '),
    }));
    const questions = FAQ.map<HelpIndexItem>((q) => ({
      id: `faq:${q.id}`,
      kind: 'faq',
      topic: q.topic,
      to: `/help/${q.topic}#faq-${q.id}`,
      title: t(`help.faq.${q.id}.question`),
      body: t(`help.faq.${q.id}.answer`),
    }));
    const metrics = METRIC_HELP.map<HelpIndexItem>((m) => ({
      id: `metric:${m.id}`,
      kind: 'metric',
      topic: 'metrics',
      to: `/help/metrics#metric-${m.id}`,
      title: t(m.nameKey),
      body: [t(m.meaningKey), m.unit ?? '', t(m.computationKey)].join(' '),
    }));
    return [...topics, ...questions, ...metrics];
    // The language is a dependency: t keeps its identity when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
}
