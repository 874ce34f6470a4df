import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorWidget, widgetEditorIssues } from '@sitelens/domain';

/** The widget's issues, field by field, as translated messages to show next to the field. */
export function useIssueText(widget: EditorWidget): (field: string) => string | undefined {
  const { t } = useTranslation();
  const issues = useMemo(() => widgetEditorIssues(widget), [widget]);
  return useCallback(
    (field: string) => {
      const found = issues.find((i) => i.field === field);
      return found ? t(`widgetPanel.errors.${found.code}`) : undefined;
    },
    [issues, t],
  );
}
