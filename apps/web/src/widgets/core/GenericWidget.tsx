import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@sitelens/domain';
import { useChartEnv } from '../charts/useChartEnv.ts';
import { defaultCsv } from './defaultCsv.ts';
import { PngExportContext } from './exportRegistry.ts';
import type { ChartRenderer } from './rendererTypes.ts';
import { useRetailResults } from './useRetailResults.ts';
import { WidgetFrame, type WidgetExports } from './WidgetFrame.tsx';
import type { WidgetContext } from './widgetContext.ts';

/** Every chart and table type: the frame asks retailData, the type's renderer draws the answers. */
export function GenericWidget({ widget, context, renderer }: { widget: Widget; context: WidgetContext; renderer: ChartRenderer }) {
  const { t } = useTranslation();
  const { status, results, live } = useRetailResults(widget, context);
  const env = useChartEnv(context.site.timezone, live);
  const exportEnv = useMemo(() => ({ env, headers: { time: t('widgetFrame.csv.time'), item: t('widgetFrame.csv.item') } }), [env, t]);
  const png = useRef<(() => string | null) | null>(null);
  const registerPng = useCallback((snapshot: (() => string | null) | null) => {
    png.current = snapshot;
  }, []);
  const height = renderer.height(widget, results);
  const exports = useMemo<WidgetExports>(
    () => ({ png: () => png.current?.() ?? null, csv: () => (renderer.csv ?? defaultCsv)(widget, results, exportEnv) }),
    [renderer, widget, results, exportEnv],
  );
  const { Component } = renderer;
  return (
    <WidgetFrame widget={widget} status={status} skeleton={renderer.skeleton} height={height} exports={exports} preview={context.preview}>
      <PngExportContext.Provider value={registerPng}>
        <Component widget={widget} results={results} context={context} live={live} height={height} />
      </PngExportContext.Provider>
    </WidgetFrame>
  );
}
