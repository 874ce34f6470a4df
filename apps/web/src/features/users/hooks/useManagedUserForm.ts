import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { nameError } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
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

/**
 * One tab's form of a managed user (the fields named), saved with updateUser: the shared name
 * rule for instant feedback, the server's refusals on their field.
 */
export function useManagedUserForm<K extends keyof ManagedDraft>(user: ManagedUser, keys: readonly K[]) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const saved = useMemo(() => draftOf(user, language), [user, language]);
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ManagedDraft, string>>>({});
  const [update, { loading }] = useMutation(UPDATE_MANAGED_USER);

  const input: ManagedUserInput = {};
  for (const key of keys) {
    if (draft[key] === saved[key]) continue;
    if (key === 'profileId') input.profileId = Number(draft.profileId);
    else (input as Record<string, string>)[key] = draft[key];
  }
  const dirty = Object.keys(input).length > 0;
  const ruleErrors: Partial<Record<keyof ManagedDraft, string>> = {};
  for (const field of ['firstName', 'lastName'] as const) {
    const error = (keys as readonly string[]).includes(field) ? nameError(draft[field], field) : null;
    if (error) ruleErrors[field] = error;
  }

  const set = <F extends keyof ManagedDraft>(field: F, value: ManagedDraft[F]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const save = async (): Promise<boolean> => {
    setTried(true);
    if (Object.keys(ruleErrors).length > 0) return false;
    if (!dirty) return true;
    try {
      await update({ variables: { userId: user.id, user: input } });
      setTried(false);
      showToast(t('managedUser.saved'), 'success');
      return true;
    } catch (error) {
      const refused = fieldErrorOf(error);
      if (refused && refused.field in saved) setServerErrors({ [refused.field]: fieldErrorKey(refused) });
      else showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      return false;
    }
  };

  const errorOf = (field: keyof ManagedDraft): string | null => {
    const key = serverErrors[field] ?? (tried || draft[field] !== saved[field] ? ruleErrors[field] : undefined);
    return key ? t(key) : null;
  };

  const reset = () => {
    setDraft(saved);
    setServerErrors({});
    setTried(false);
  };

  return { draft, set, dirty, save, saving: loading, reset, errorOf };
}
