import { useState } from 'react';
import { ApolloError } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../api/fieldError.ts';
import { showToast } from '../toasts/toastStore.ts';

/** Translation keys of the fields' errors; a field without one is absent. */
export type DraftErrors<D> = Partial<Record<keyof D, string>>;

/**
 * A form's draft against its saved values, and the error each field shows: the server's refusal
 * (until the field changes again), else its rule's, once the field changed or a save was tried.
 * The rules are the domain's, passed in, so the browser says at once what the server would refuse.
 */
export function useDraftForm<D extends object>(saved: D, rulesOf: (draft: D) => DraftErrors<D>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors<D>>({});
  const ruleErrors = rulesOf(draft);

  const set = <K extends keyof D>(field: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** A save begins: every rule shows its error from now on; false while one refuses. */
  const trySave = (): boolean => {
    setTried(true);
    return Object.keys(ruleErrors).length === 0;
  };

  /** The server refused: on the field it names when the form has one, else in a toast. */
  const refused = (error: unknown) => {
    const refusal = fieldErrorOf(error);
    if (refusal && refusal.field in saved) setServerErrors({ [refusal.field]: fieldErrorKey(refusal) } as DraftErrors<D>);
    else showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
  };

  const errorOf = (field: keyof D): string | null => {
    const key = serverErrors[field] ?? (tried || draft[field] !== saved[field] ? ruleErrors[field] : undefined);
    return key ? t(key) : null;
  };

  const reset = () => {
    setDraft(saved);
    setServerErrors({});
    setTried(false);
  };

  return { draft, setDraft, set, tried, settled: () => setTried(false), serverErrors, trySave, refused, errorOf, reset };
}
