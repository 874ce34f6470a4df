import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type RightsTree, normalizeRightsTree, profileNameError } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { CREATE_PROFILE, DELETE_PROFILE, type RightsProfile, UPDATE_PROFILE } from '../graphql/managedUser.ts';

interface ProfileDraft {
  name: string;
  rights: RightsTree;
}

const draftOf = (profile: RightsProfile | null): ProfileDraft => ({ name: profile?.name ?? '', rights: normalizeRightsTree(profile?.rights ?? {}) ?? normalizeRightsTree({})! });

/** The editor of one rights profile (null: a new one): name and switches, saved together. */
export function useRightsProfileForm(profile: RightsProfile | null, onSaved: (id: number | null) => void) {
  const { t } = useTranslation();
  const saved = useMemo(() => draftOf(profile), [profile]);
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const refetchQueries = ['RightsProfiles'];
  const [create, created] = useMutation(CREATE_PROFILE, { refetchQueries });
  const [update, updated] = useMutation(UPDATE_PROFILE, { refetchQueries });
  // The list is fresh before the editor moves on, so the deleted profile is not shown again for a moment.
  const [remove, removed] = useMutation(DELETE_PROFILE, { refetchQueries, awaitRefetchQueries: true });
  const dirty = profile === null || JSON.stringify(draft) !== JSON.stringify(saved);
  const nameRule = profileNameError(draft.name);

  const fail = (error: unknown) => {
    const refused = fieldErrorOf(error);
    if (refused?.field === 'name') setServerError(fieldErrorKey(refused));
    else showToast(refused?.reason.startsWith('errors.') ? t(refused.reason) : errorText(error instanceof ApolloError ? error : undefined, t), 'error');
  };

  const save = async (): Promise<boolean> => {
    setTried(true);
    if (nameRule) return false;
    try {
      const variables = { profile: { name: draft.name, rights: draft.rights } };
      const id = profile ? (await update({ variables: { id: profile.id, ...variables } })).data?.updateProfile.id : (await create({ variables })).data?.createProfile.id;
      showToast(t('rightsProfiles.saved'), 'success');
      setTried(false);
      onSaved(id ?? null);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const deleteProfile = async (): Promise<boolean> => {
    if (!profile) return false;
    try {
      await remove({ variables: { id: profile.id } });
      showToast(t('rightsProfiles.deleted', { name: profile.name }), 'success');
      onSaved(null);
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const nameError = serverError ?? (tried || draft.name !== saved.name ? nameRule : null);
  return {
    draft,
    setName: (name: string) => {
      setDraft((d) => ({ ...d, name }));
      setServerError(null);
    },
    setRights: (rights: RightsTree) => setDraft((d) => ({ ...d, rights })),
    dirty,
    save,
    deleteProfile,
    saving: created.loading || updated.loading,
    deleting: removed.loading,
    nameError: nameError ? t(nameError) : null,
    reset: () => setDraft(saved),
  };
}
