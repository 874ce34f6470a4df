export interface HistoryPanelProps {
  dashboardId: number;
  opened: boolean;
  onClose: () => void;
  /** After a restore: the editor loads the dashboard again (the restore is the latest version now). */
  onRestored: () => void;
}

/** Placeholder until the history panel lands: the saves of a dashboard, open read-only, restore. */
export function HistoryPanel(_props: HistoryPanelProps) {
  return null;
}
