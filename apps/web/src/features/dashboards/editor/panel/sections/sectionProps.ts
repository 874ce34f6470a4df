import type { EditorWidget } from '@sitelens/domain';

/** What every section of the side panel gets: the widget, the change callback and the messages by field. */
export interface SectionProps {
  widget: EditorWidget;
  onChange: (next: EditorWidget) => void;
  /** The translated message for a field (`title`, `metrics.0.bands.1`), undefined when it is fine. */
  issue: (field: string) => string | undefined;
}
