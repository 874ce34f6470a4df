import { Accordion } from '@mantine/core';
import { FAQ, type HelpTopicId } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/** The questions, all or those of one topic; the one named in the address (#faq-<id>) opens. */
export function FaqList({ topic, opened }: { topic?: HelpTopicId; opened?: string | null }) {
  const { t } = useTranslation();
  const questions = FAQ.filter((q) => !topic || q.topic === topic);
  if (questions.length === 0) return null;
  return (
    <Accordion variant="separated" radius="md" defaultValue={opened ?? null} data-testid="faq">
      {questions.map((q) => (
        <Accordion.Item key={q.id} value={q.id} id={`faq-${q.id}`}>
          <Accordion.Control>{t(`help.faq.${q.id}.question`)}</Accordion.Control>
          <Accordion.Panel>{t(`help.faq.${q.id}.answer`)}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
