import type { ComponentType } from 'react';
import type { Widget } from '@sitelens/domain';
import type { ExportEnv } from './exportSheet.ts';
import type { RetailResult } from './retailData.graphql.ts';
import type { SkeletonKind } from './WidgetSkeleton.tsx';
import type { WidgetContext } from './widgetContext.ts';

/** What a generic widget's renderer draws from: the widget, its retailData answers and the page. */
export interface ChartRendererProps {
  widget: Widget;
  results: RetailResult[];
  context: WidgetContext;
  /** The page shows today while the site is open (binary occupancy reads occupied/free). */
  live: boolean;
  height: number;
}

/** A widget type drawn by the generic widget: the frame fetches, the renderer draws. */
export interface ChartRenderer {
  Component: ComponentType<ChartRendererProps>;
  skeleton: SkeletonKind;
  /** Body height for the widget and its answers (spec 001 §9 rules for bars and tables). */
  height: (widget: Widget, results: RetailResult[]) => number;
  /** Rows for the CSV export, in the reader's words and formats; by default the chart's series as columns (defaultCsv). */
  csv?: (widget: Widget, results: RetailResult[], env: ExportEnv) => Array<Array<string | number | null>>;
}

/** A widget type that manages its own data inside the shared wrapper (KPI, map view, alert log, heatmap, ...). */
export type WrappedWidget = ComponentType<{ widget: Widget; context: WidgetContext }>;
