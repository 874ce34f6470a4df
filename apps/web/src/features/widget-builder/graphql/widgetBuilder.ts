import { gql, type TypedDocumentNode } from '@apollo/client';

/** Public: the admin origin allowed to drive the preview (WIDGET_BUILDER_ORIGIN), or null. */
export const WIDGET_BUILDER_ORIGIN: TypedDocumentNode<{ widgetBuilderOrigin: string | null }> = gql`
  query WidgetBuilderOrigin {
    widgetBuilderOrigin
  }
`;
