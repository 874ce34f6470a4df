import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type WidgetType, widgetEditorDefault, widgetTypeNameKey } from '@sitelens/domain';
import type { WidgetSite } from '../../../../widgets/core/widgetContext.ts';
import type { ModelWidget } from '../model/dashboardModel.ts';
import { useSiteTargets } from '../panel/useSiteTargets.ts';

/**
 * The widget a picked type becomes on this site: a metric the site measures, its top zone, the
 * type's translated name as title (for the editor's onPick).
 */
export function useNewWidget(site: WidgetSite): (type: WidgetType) => ModelWidget {
  const { t } = useTranslation();
  const { families, topZoneId } = useSiteTargets(site.id);
  return useCallback((type: WidgetType) => widgetEditorDefault(type, { families, topZoneId }, t(widgetTypeNameKey(type))), [families, topZoneId, t]);
}
