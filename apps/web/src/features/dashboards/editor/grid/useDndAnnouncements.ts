import { useMemo } from 'react';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import type { Widget } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';

/**
 * What a screen reader hears while a widget is moved by mouse: its title and its place (1-based)
 * among the page's widgets. dnd-kit reports the widget over its own place right after the pick-up:
 * only a change of place is said, so the pick-up is not drowned by a "moved to" the same place.
 * (The keyboard move speaks for itself, EditableGrid.)
 */
export function useDndAnnouncements(widgets: Widget[]): Announcements {
  const { t } = useTranslation();
  return useMemo(() => {
    const ids = widgets.map((w) => `widget-${w.id}`);
    const title = (id: UniqueIdentifier) => widgets[ids.indexOf(String(id))]?.title ?? '';
    const place = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
    const count = widgets.length;
    let said = 0;
    return {
      onDragStart: ({ active }) => {
        said = place(active.id);
        return t('dashboardEditor.dnd.pickedUp', { title: title(active.id), position: said, count });
      },
      onDragOver: ({ active, over }) => {
        if (!over || place(over.id) === said) return undefined;
        said = place(over.id);
        return t('dashboardEditor.dnd.moved', { title: title(active.id), position: said, count });
      },
      onDragEnd: ({ active, over }) =>
        over ? t('dashboardEditor.dnd.dropped', { title: title(active.id), position: place(over.id), count }) : t('dashboardEditor.dnd.cancelled', { title: title(active.id) }),
      onDragCancel: ({ active }) => t('dashboardEditor.dnd.cancelled', { title: title(active.id) }),
    };
  }, [widgets, t]);
}
