import type { ReactNode } from 'react';
import { Fieldset } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WidgetEditorSection } from '@sitelens/domain';

/** One section of the side panel: a fieldset whose legend names it for screen readers too. */
export function PanelSection({ section, children }: { section: WidgetEditorSection; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t(`widgetPanel.sections.${section}`)} variant="filled" p="sm" data-section={section}>
      {children}
    </Fieldset>
  );
}
