import { graphql } from '../../../shared/api/graphql.ts';

/** Public: the admin origin allowed to drive the preview (WIDGET_BUILDER_ORIGIN), or null. */
export const WIDGET_BUILDER_ORIGIN = graphql(`
  query WidgetBuilderOrigin {
    widgetBuilderOrigin
  }
`);
