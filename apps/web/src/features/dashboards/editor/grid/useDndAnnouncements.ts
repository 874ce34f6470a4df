import { useMemo } from 'react';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { Widget } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/** What a screen reader hears while a widget is moved: its title and its place (1-based) among the page's widgets. */
export function useDndAnnouncements(widgets: Widget[]): Announcements {
  const { t } = useTranslation();
  return useMemo(() => {
    const ids = widgets.map((w) => `widget-${w.id}`);
    const title = (id: UniqueIdentifier) => widgets[ids.indexOf(String(id))]?.title ?? '';
    const place = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
    const count = widgets.length;
    return {
      onDragStart: ({ active }) => t('dashboardEditor.dnd.pickedUp', { title: title(active.id), position: place(active.id), count }),
      onDragOver: ({ active, over }) => (over ? t('dashboardEditor.dnd.moved', { title: title(active.id), position: place(over.id), count }) : undefined),
      onDragEnd: ({ active, over }) =>
        over ? t('dashboardEditor.dnd.dropped', { title: title(active.id), position: place(over.id), count }) : t('dashboardEditor.dnd.cancelled', { title: title(active.id) }),
      onDragCancel: ({ active }) => t('dashboardEditor.dnd.cancelled', { title: title(active.id) }),
    };
  }, [widgets, t]);
}
