import { ActionIcon, Tooltip } from '@mantine/core';
import { helpTopicForPath, helpTopicPath } from '@sitelens/domain';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useInRouterContext, useLocation } from 'react-router';

function TopicLink() {
  const { t } = useTranslation();
  const topic = helpTopicForPath(useLocation().pathname);
  if (!topic) return null;
  const label = t('help.link.label', { topic: t(`help.topics.${topic}.title`) });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={helpTopicPath(topic)} variant="subtle" color="gray" size="md" aria-label={label} data-testid="page-help-link">
        <IconHelpCircle size={20} stroke={1.7} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** The link from a screen's title to its help topic (domain ROUTE_HELP_TOPICS); nothing where there is none. */
export function HelpTopicLink() {
  return useInRouterContext() ? <TopicLink /> : null;
}
