import { useCallback } from 'react';
import { type FilterContext, type FilterState, type FilterTarget, timespanConditionId, timespanPreset, weekdayName } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '../filterDates.ts';
import { joinList } from '../../../shared/i18n/joinList.ts';

/** The text of one chip of the applied-filters preview. */
export function useFilterLabel(ctx: FilterContext): (state: FilterState, target: FilterTarget) => string {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback(
    (state, target) => {
      switch (target.type) {
        case 'timespan': {
          const c = state.timespans.find((x) => timespanConditionId(x) === target.conditionId);
          if (!c) return '';
          const preset = timespanPreset(c.label);
          if (preset) return t(`filterBar.presets.${preset}`);
          return c.dateBegin === c.dateEnd ? formatIsoDate(c.dateBegin) : `${formatIsoDate(c.dateBegin)} – ${formatIsoDate(c.dateEnd)}`;
        }
        case 'hours':
          return state.hours ? t(`filterBar.hours.${state.hours}`) : '';
        case 'day': {
          const days = joinList(t, (state.day?.days ?? []).map((d) => weekdayName(d, lang, 'short')));
          return `${t(state.day?.operator === 'IS_NOT' ? 'filterBar.day.isNot' : 'filterBar.day.is')} ${days}`;
        }
        case 'zone':
          return ctx.zones.find((z) => z.id === state.zoneId)?.name ?? '';
        case 'gender':
          return t(`filterBar.gender.${state.gender}`);
        case 'engagement':
          return t(`filterBar.engagement.${state.engagement}`);
        case 'category': {
          const category = ctx.categories.find((c) => c.id === target.categoryId);
          const tag = category?.tags.find((x) => x.id === state.categories[target.categoryId]);
          return t('filterBar.labelled', { label: category?.name ?? '', value: tag?.name ?? t('filterBar.category.all') });
        }
        case 'event':
          return ctx.events.find((e) => e.id === target.eventId)?.name ?? '';
      }
    },
    [t, lang, ctx],
  );
}
