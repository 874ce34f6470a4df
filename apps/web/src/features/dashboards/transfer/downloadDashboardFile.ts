import { exportFileName } from './importMapping.ts';

/** Saves an exported dashboard's JSON as `<name>.sitelens-dashboard.json`. */
export function downloadDashboardFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = exportFileName(name);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
