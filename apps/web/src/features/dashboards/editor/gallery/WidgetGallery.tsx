import type { WidgetType } from '@sitelens/domain';

export interface WidgetGalleryProps {
  opened: boolean;
  onClose: () => void;
  /** The type the user chose; the gallery closes itself through onClose. */
  onPick: (type: WidgetType) => void;
}

/** Placeholder until the gallery lands: every widget type with a description and a thumbnail. */
export function WidgetGallery(_props: WidgetGalleryProps) {
  return null;
}
