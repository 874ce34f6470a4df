import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { HelpSearchHit } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HelpIndexItem } from '../hooks/useHelpIndex.ts';

const COLORS = { topic: 'blue', faq: 'grape', metric: 'teal' } as const;
const SNIPPET = 220;

const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET).replace(/\s+\S*$/, '')}…` : text);

/** What the search found: questions with their whole answer, topics and metrics with a beginning. */
export function HelpSearchResults({ query, hits }: { query: string; hits: Array<HelpSearchHit<HelpIndexItem>> }) {
  const { t } = useTranslation();
  if (hits.length === 0) {
    return (
      <Text c="dimmed" data-testid="help-search-none">
        {t('help.search.none', { query })}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="help-search-results">
      <Text size="sm" c="dimmed">
        {t('help.search.count', { count: hits.length })}
      </Text>
      {hits.map(({ item }) => (
        <Paper key={item.id} withBorder radius="md" p="md" component="article" data-testid="help-search-hit" data-kind={item.kind}>
          <Group gap="xs" mb={4} wrap="nowrap" align="flex-start">
            <Badge variant="light" color={COLORS[item.kind]} style={{ flexShrink: 0 }}>
              {t(`help.search.kinds.${item.kind}`)}
            </Badge>
            <Anchor component={Link} to={item.to} fw={600}>
              {item.title}
            </Anchor>
          </Group>
          <Text size="sm">{item.kind === 'faq' ? item.body : snippet(item.body)}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
