import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Alert, CloseButton, Grid, Stack, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { HELP_TOPICS, searchHelp } from '@sitelens/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { FaqList } from './components/FaqList.tsx';
import { HelpSearchResults } from './components/HelpSearchResults.tsx';
import { SupportContactCard } from './components/SupportContactCard.tsx';
import { TopicArticle } from './components/TopicArticle.tsx';
import { TopicGrid } from './components/TopicGrid.tsx';
import { TourCard } from './components/TourCard.tsx';
import { useHelpIndex } from './hooks/useHelpIndex.ts';

/** The element named by the address's #fragment, once it is on the page. */
function useScrollToHash(ready: unknown) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);
}

/**
 * The help centre (spec 002 §1, §2): search over topics, questions and metrics, the topics, the
 * questions, the guided tour and the hotline. /help/<topic> opens one topic.
 */
export default function HelpPage() {
  const { t } = useTranslation();
  const { topicId } = useParams();
  const { hash } = useLocation();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const index = useHelpIndex();
  const hits = useMemo(() => searchHelp(index, deferred), [index, deferred]);
  const topic = topicId ? HELP_TOPICS.find((tp) => tp.id === topicId) : undefined;
  const openedQuestion = hash.startsWith('#faq-') ? hash.slice('#faq-'.length) : null;
  useScrollToHash(topic?.id);
  // A new topic starts without the previous search.
  useEffect(() => setQuery(''), [topicId]);

  let main;
  if (deferred.trim()) main = <HelpSearchResults query={deferred.trim()} hits={hits} />;
  else if (topic) main = <TopicArticle topic={topic} openedQuestion={openedQuestion} />;
  else {
    main = (
      <Stack gap="xl">
        {topicId && (
          <Alert color="yellow" data-testid="help-unknown-topic">
            {t('help.unknownTopic')}
          </Alert>
        )}
        <Stack gap="sm" component="section" aria-labelledby="help-topics-title">
          <Title order={2} size="h3" id="help-topics-title">
            {t('help.topicsTitle')}
          </Title>
          <TopicGrid />
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="help-faq-title">
          <Title order={2} size="h3" id="help-faq-title">
            {t('help.faqTitle')}
          </Title>
          <FaqList opened={openedQuestion} />
        </Stack>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('help.title')} description={t('help.intro')} />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <TextInput
              type="search"
              size="md"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              label={t('help.search.label')}
              placeholder={t('help.search.placeholder')}
              leftSection={<IconSearch size={18} aria-hidden="true" />}
              rightSection={query ? <CloseButton aria-label={t('help.search.clear')} onClick={() => setQuery('')} /> : null}
              data-testid="help-search"
            />
            {/* Always on the page, so that a screen reader hears each answer to what is typed. */}
            <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="help-search-status">
              {deferred.trim() ? (hits.length > 0 ? t('help.search.count', { count: hits.length }) : t('help.search.none', { query: deferred.trim() })) : ''}
            </VisuallyHidden>
            {main}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SupportContactCard />
            <TourCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
