import { useMemo, useState } from 'react';
import { useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type PhoneDraft, draftToE164, e164ToDraft, emailError, nameError, phoneDraftError } from '@sitelens/domain';
import type { CurrentUser } from '../../../shared/caller/callerQueries.ts';
import { type DraftErrors, useDraftForm } from '../../../shared/forms/useDraftForm.ts';
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

/** The shared rules of the General tab's fields. */
function generalErrors(draft: GeneralDraft): DraftErrors<GeneralDraft> {
  const errors: DraftErrors<GeneralDraft> = {};
  for (const [field, error] of [
    ['firstName', nameError(draft.firstName, 'firstName')],
    ['lastName', nameError(draft.lastName, 'lastName')],
    ['email', emailError(draft.email)],
    ['phone', phoneDraftError(draft.phone)],
  ] as const) {
    if (error) errors[field] = error;
  }
  return errors;
}

/** The General tab's form: the shared rules for instant feedback, the server's refusals on their field. */
export function useProfileGeneralForm(me: CurrentUser) {
  const { t } = useTranslation();
  const saved = useMemo(() => fromUser(me), [me]);
  const form = useDraftForm(saved, generalErrors);
  const { draft, setDraft } = form;
  const [update, { loading }] = useMutation(UPDATE_USER_PROFILE);
  /** A new e-mail or phone waiting for the password (ContactChangeModal); null otherwise. */
  const [contactAsk, setContactAsk] = useState<ContactChangeAsk | null>(null);
  /** Where the last e-mail change's link went (the page's "check your new inbox"). */
  const [emailSentTo, setEmailSentTo] = useState<string | null>(null);

  const input = changes(draft, saved);
  const dirty = Object.keys(input).length > 0;

  /**
   * Saves the names and picture; a new e-mail or phone then waits for the password and its own
   * confirmation (the modal), so the save answers false until that is done. False as well when a
   * rule or the server refused (the fields then say why).
   */
  const save = async (): Promise<boolean> => {
    if (!form.trySave()) return false;
    if (!dirty) return true;
    const { email, phone, ...rest } = input;
    try {
      if (Object.keys(rest).length > 0) {
        const result = await update({ variables: { profile: rest } });
        if (result.data) setDraft((d) => ({ ...fromUser(result.data!.updateUserProfile), email: d.email, phone: d.phone }));
      }
      form.settled();
      if (email != null || phone != null) {
        setContactAsk({ email: email == null ? null : email.trim(), phone: phone ?? null });
        return false;
      }
      showToast(t('profile.general.saved'), 'success');
      return true;
    } catch (error) {
      form.refused(error);
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

  const serverErrorOf = (field: GeneralField): string | undefined => (form.serverErrors[field] ? t(form.serverErrors[field]) : undefined);

  return { draft, set: form.set, dirty, save, saving: loading, reset: form.reset, errorOf: form.errorOf, serverErrorOf, tried: form.tried, contactAsk, cancelContactChange: () => setContactAsk(null), contactChanged, emailSentTo };
}
