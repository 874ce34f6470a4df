import { useTranslation } from 'react-i18next';
import { type FigureChange, figureChangeNumber, pointsWordKey } from '@sitelens/domain';
import { LtrSentence } from '../../../shared/bidi/LtrSentence.tsx';

interface ChangeSentenceProps {
  metric: string;
  change: FigureChange;
  /** The comparison's sentence (`evolutionKey`): "{{value}} vs previous period". */
  sentenceKey: string;
  locale: string;
}

/**
 * A figure's change in its comparison's sentence, as the KPI and zone cards say it: a rate in points
 * ("+1.36 pts vs previous period"), a temperature in its unit ("+0.1 °C vs previous period"), other
 * figures relatively. Only the number runs left to right; the word for points reads in the
 * sentence's direction (Arabic).
 */
export function ChangeSentence({ metric, change, sentenceKey, locale }: ChangeSentenceProps) {
  const { t } = useTranslation();
  return (
    <LtrSentence
      sentence={(value) => t(sentenceKey, { value: change.kind === 'points' ? t(`widgetComparison.${pointsWordKey(metric)}`, { value }) : value })}
      value={figureChangeNumber(metric, change, locale)}
    />
  );
}
