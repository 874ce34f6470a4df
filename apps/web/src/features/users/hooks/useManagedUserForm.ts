import { useMemo } from 'react';
import { useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { nameError } from '@sitelens/domain';
import { type DraftErrors, useDraftForm } from '../../../shared/forms/useDraftForm.ts';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { type ManagedUser, type ManagedUserInput, UPDATE_MANAGED_USER } from '../graphql/managedUser.ts';
import { type PreferencesDraft, preferencesOf } from './useProfilePreferencesForm.ts';

export interface ManagedDraft extends PreferencesDraft {
  firstName: string;
  lastName: string;
  /** '' while the user holds no profile. */
  profileId: string;
}

const draftOf = (user: ManagedUser, language: string): ManagedDraft => ({
  firstName: user.firstName,
  lastName: user.lastName,
  profileId: user.profileId ? String(user.profileId) : '',
  ...preferencesOf(user, language),
});

/** The name rule on the names this tab shows. */
function nameErrors(draft: ManagedDraft, keys: readonly (keyof ManagedDraft)[]): DraftErrors<ManagedDraft> {
  const errors: DraftErrors<ManagedDraft> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const error = keys.includes(field) ? nameError(draft[field], field) : null;
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * One tab's form of a managed user (the fields named), saved with updateUser: the shared name
 * rule for instant feedback, the server's refusals on their field.
 */
export function useManagedUserForm<K extends keyof ManagedDraft>(user: ManagedUser, keys: readonly K[]) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const saved = useMemo(() => draftOf(user, language), [user, language]);
  const form = useDraftForm(saved, (draft) => nameErrors(draft, keys));
  const [update, { loading }] = useMutation(UPDATE_MANAGED_USER);

  const input: ManagedUserInput = {};
  for (const key of keys) {
    if (form.draft[key] === saved[key]) continue;
    if (key === 'profileId') input.profileId = Number(form.draft.profileId);
    else (input as Record<string, string>)[key] = form.draft[key];
  }
  const dirty = Object.keys(input).length > 0;

  const save = async (): Promise<boolean> => {
    if (!form.trySave()) return false;
    if (!dirty) return true;
    try {
      await update({ variables: { userId: user.id, user: input } });
      form.settled();
      showToast(t('managedUser.saved'), 'success');
      return true;
    } catch (error) {
      form.refused(error);
      return false;
    }
  };

  return { draft: form.draft, set: form.set, dirty, save, saving: loading, reset: form.reset, errorOf: form.errorOf };
}
