import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorSite, type WidgetType, widgetEditorDefault, widgetTypeNameKey } from '@sitelens/domain';
import type { ModelWidget } from '../model/dashboardModel.ts';

/**
 * The widget a picked type becomes on this site (the domain's widgetEditorDefault: a metric the
 * site measures, its top zone, a comparison of the top zone's children), titled with the type's translated name; the editor's onPick.
 */
export function useNewWidget(site: EditorSite): (type: WidgetType) => ModelWidget {
  const { t } = useTranslation();
  const { families, topZoneId, childZoneIds } = site;
  return useCallback(
    (type: WidgetType) => widgetEditorDefault(type, { families, topZoneId, childZoneIds }, t(widgetTypeNameKey(type))),
    [families, topZoneId, childZoneIds, t],
  );
}
