import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type PhoneDraft, draftToE164, e164ToDraft, emailError, nameError, phoneDraftError } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import type { CurrentUser } from '../../../shared/caller/callerQueries.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_USER_PROFILE, type UserProfileInput } from '../graphql/users.ts';
import type { ContactChangeAsk, ContactChangeResult } from '../components/ContactChangeModal.tsx';

export interface GeneralDraft {
  firstName: string;
  lastName: string;
  email: string;
  phone: PhoneDraft;
  /** The picture's address, a data: URL just chosen, or null. */
  picture: string | null;
}

export type GeneralField = keyof GeneralDraft;

const fromUser = (me: CurrentUser): GeneralDraft => ({
  firstName: me.firstName,
  lastName: me.lastName,
  email: me.email,
  phone: e164ToDraft(me.phone),
  picture: me.picture,
});

const samePhone = (a: PhoneDraft, b: PhoneDraft) => a.digits === b.digits && (a.digits === '' || a.iso === b.iso);

/** The fields that differ from the saved ones, as the mutation takes them. */
function changes(draft: GeneralDraft, saved: GeneralDraft): UserProfileInput {
  const input: UserProfileInput = {};
  if (draft.firstName !== saved.firstName) input.firstName = draft.firstName;
  if (draft.lastName !== saved.lastName) input.lastName = draft.lastName;
  if (draft.email.trim() !== saved.email) input.email = draft.email;
  if (!samePhone(draft.phone, saved.phone)) input.phone = draftToE164(draft.phone) ?? '';
  if (draft.picture !== saved.picture) input.picture = draft.picture ?? '';
  return input;
}

/** The General tab's form: the shared rules for instant feedback, the server's refusals on their field. */
export function useProfileGeneralForm(me: CurrentUser) {
  const { t } = useTranslation();
  const saved = useMemo(() => fromUser(me), [me]);
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<GeneralField, string>>>({});
  const [update, { loading }] = useMutation(UPDATE_USER_PROFILE);
  /** A new e-mail or phone waiting for the password (ContactChangeModal); null otherwise. */
  const [contactAsk, setContactAsk] = useState<ContactChangeAsk | null>(null);
  /** Where the last e-mail change's link went (the page's "check your new inbox"). */
  const [emailSentTo, setEmailSentTo] = useState<string | null>(null);

  const input = changes(draft, saved);
  const dirty = Object.keys(input).length > 0;
  const ruleErrors: Partial<Record<GeneralField, string>> = {};
  for (const [field, error] of [
    ['firstName', nameError(draft.firstName, 'firstName')],
    ['lastName', nameError(draft.lastName, 'lastName')],
    ['email', emailError(draft.email)],
    ['phone', phoneDraftError(draft.phone)],
  ] as const) {
    if (error) ruleErrors[field] = error;
  }

  const set = <K extends GeneralField>(field: K, value: GeneralDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  /**
   * Saves the names and picture; a new e-mail or phone then waits for the password and its own
   * confirmation (the modal), so the save answers false until that is done. False as well when a
   * rule or the server refused (the fields then say why).
   */
  const save = async (): Promise<boolean> => {
    setTried(true);
    if (Object.keys(ruleErrors).length > 0) return false;
    if (!dirty) return true;
    const { email, phone, ...rest } = input;
    try {
      if (Object.keys(rest).length > 0) {
        const result = await update({ variables: { profile: rest } });
        if (result.data) setDraft((d) => ({ ...fromUser(result.data!.updateUserProfile), email: d.email, phone: d.phone }));
      }
      setTried(false);
      if (email != null || phone != null) {
        setContactAsk({ email: email == null ? null : email.trim(), phone: phone ?? null });
        return false;
      }
      showToast(t('profile.general.saved'), 'success');
      return true;
    } catch (error) {
      const refused = fieldErrorOf(error);
      if (refused && refused.field in saved) setServerErrors({ [refused.field]: fieldErrorKey(refused) });
      else showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      return false;
    }
  };

  /** The modal is done: the e-mail waits for its link (the draft shows the current one), the phone changed. */
  const contactChanged = (result: ContactChangeResult) => {
    setContactAsk(null);
    setEmailSentTo(result.emailSentTo);
    setDraft((d) => ({ ...d, email: saved.email, phone: result.phone === undefined ? d.phone : e164ToDraft(result.phone) }));
    if (result.phone !== undefined) showToast(t('profile.contactChange.phoneSaved'), 'success');
  };

  /** What a field shows: the server's refusal, else its rule once it was changed or a save was tried. */
  const errorOf = (field: GeneralField): string | null => {
    const key = serverErrors[field] ?? (tried || draft[field] !== saved[field] ? ruleErrors[field] : undefined);
    return key ? t(key) : null;
  };
  const serverErrorOf = (field: GeneralField): string | undefined => (serverErrors[field] ? t(serverErrors[field]) : undefined);

  const reset = () => {
    setDraft(saved);
    setServerErrors({});
    setTried(false);
  };

  return { draft, set, dirty, save, saving: loading, reset, errorOf, serverErrorOf, tried, contactAsk, cancelContactChange: () => setContactAsk(null), contactChanged, emailSentTo };
}
