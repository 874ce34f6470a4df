import { isHelpTopicId } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/** The breadcrumb step of /help/<topic>: the topic's title. */
export function HelpTopicCrumb() {
  const { t } = useTranslation();
  const { topicId } = useParams();
  return isHelpTopicId(topicId) ? t(`help.topics.${topicId}.title`) : t('help.title');
}
