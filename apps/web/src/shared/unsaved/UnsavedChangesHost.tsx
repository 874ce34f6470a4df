import { type ReactElement, useRef, useState } from 'react';
import { useBlocker, useLocation } from 'react-router';
import { type GuardEntry, blockingGuards, saveAll, shouldBlock } from './guardRegistry.ts';
import { UnsavedChangesModal } from './UnsavedChangesModal.tsx';

/**
 * The router's one blocker and the leave confirmation, for every guard of the page. React Router
 * consults a single blocker (with two it warns, and asks only the last), so the guards do not each
 * hold one: they register in the guard registry, and this blocker asks them all, in the order they
 * mounted. Rendered once, in the root layout, inside the router. Save saves each form that holds
 * changes and goes on only when all saved; discard leaves them all; cancel stays.
 */
export function UnsavedChangesHost(): ReactElement {
  const location = useLocation();
  const blocker = useBlocker(shouldBlock);
  const [saving, setSaving] = useState(false);
  const blocked = blocker.state === 'blocked';
  // Kept while the modal closes, so its text does not change under the user's eyes.
  const lastAsking = useRef<GuardEntry[]>([]);
  if (blocked) lastAsking.current = blockingGuards(location, blocker.location);
  const asking = lastAsking.current;
  const canSave = asking.length > 0 && asking.every((g) => g.onSave);
  const save = canSave
    ? async () => {
        setSaving(true);
        try {
          if (await saveAll(asking)) blocker.proceed?.();
          else blocker.reset?.();
        } finally {
          setSaving(false);
        }
      }
    : undefined;

  return (
    <UnsavedChangesModal
      opened={blocked}
      saving={saving}
      onSave={save}
      texts={asking.length === 1 ? asking[0]!.texts : undefined}
      onDiscard={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
