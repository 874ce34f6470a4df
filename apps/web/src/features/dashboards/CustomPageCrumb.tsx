import { useTranslation } from 'react-i18next';
import { useCustomPage } from './hooks/useCustomPage.ts';

/** A custom page's breadcrumb step shows the page's name (spec 000 §2: custom pages override the text). */
export function CustomPageCrumb() {
  const { t } = useTranslation();
  const state = useCustomPage();
  if (state.status === 'notFound') return t('notFound.title');
  return state.status === 'ready' ? state.page.name : '…';
}
