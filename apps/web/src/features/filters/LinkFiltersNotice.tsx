import { Alert, List } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageFilters } from './PageFiltersProvider.tsx';

/**
 * Says which part of the link the page was opened with it could not show (a period before the
 * site's data, a zone of no such site), instead of showing other figures as if they were the
 * link's; closed by the reader, gone with the next page.
 */
export function LinkFiltersNotice() {
  const { t } = useTranslation();
  const { linkLeftOut, dismissLinkNotice } = usePageFilters();
  if (linkLeftOut.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      role="status"
      icon={<IconLinkOff size={18} aria-hidden="true" />}
      title={t('filterBar.linkNotice.title')}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={dismissLinkNotice}
      data-testid="link-filters-notice"
    >
      <List size="sm" spacing={2}>
        {linkLeftOut.map((part) => (
          <List.Item key={part} data-part={part}>
            {t(`filterBar.linkNotice.${part}`)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
