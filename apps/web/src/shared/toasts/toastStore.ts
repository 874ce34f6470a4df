import { addToast, removeToast, type Toast } from '@sitelens/domain';

type Listener = () => void;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const AUTO_CLOSE_MS = 6000;

function set(next: Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export const toastStore = {
  getToasts: (): readonly Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  remove(id: string): void {
    set(removeToast(toasts, id));
  },
};

/** Shows an already translated text; generic toasts share the cap of MAX_GENERIC_TOASTS. */
export function showToast(text: string, type: Toast['type'] = 'info', { generic = type === 'info' } = {}): string {
  counter += 1;
  const id = `toast-${counter}`;
  set(addToast(toasts, { id, text, type, generic }));
  setTimeout(() => toastStore.remove(id), AUTO_CLOSE_MS);
  return id;
}
