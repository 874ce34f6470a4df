import { useState } from 'react';
import { useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { OTP_RESEND_SECONDS, type OnboardingData, draftToE164, onboardingCompletion } from '@sitelens/domain';
import { fieldErrorKey, fieldErrorOf } from '../../shared/api/fieldError.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import type { ExpiredVariant } from './components/InvitationExpiredModal.tsx';
import { COMPLETE_ONBOARDING, SEND_INVITATION_CODE, UPDATE_INVITATION_OTP_CONTACT, VERIFY_INVITATION_CONTACT } from './graphql/invitation.ts';
import { errorCodeOfCall, expiredVariantOf, retryAfterOf } from './invitationErrors.ts';

interface Invitation {
  phone?: string | null;
  isPhoneVerified: boolean;
  otpContact?: string | null;
}

/**
 * Onboarding completion (spec 000 §4): two-factor by phone sends a code once and opens the code
 * modal, whose right code accepts the invitation; by e-mail the contact is set, then the
 * invitation accepted; otherwise it is accepted directly. Then a success toast, the recovery codes
 * when two-factor was chosen (issue 29.17), and `onDone`.
 */
export function useCompleteOnboarding(opts: { token: string; data: OnboardingData; invitation: Invitation; onExpired: (v: ExpiredVariant) => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { token, data, invitation } = opts;
  const [accept] = useMutation(COMPLETE_ONBOARDING);
  // The recovery codes of the two-factor chosen, shown once before the sign-in page.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [sendCode] = useMutation(SEND_INVITATION_CODE);
  const [verify] = useMutation(VERIFY_INVITATION_CONTACT);
  const [setContact] = useMutation(UPDATE_INVITATION_OTP_CONTACT);
  const [busy, setBusy] = useState(false);
  const [codeModal, setCodeModal] = useState<{ resendAfterSeconds: number } | null>(null);
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const phone = draftToE164(data.phone) ?? '';

  const failed = (error: unknown) => {
    const variant = expiredVariantOf(error);
    if (variant) return opts.onExpired(variant);
    const field = fieldErrorOf(error);
    showToast(field ? t(fieldErrorKey(field)) : t('errors.common'), 'error');
  };

  const acceptNow = async () => {
    const { data: done } = await accept({
      variables: { token, password: data.passwordNew, firstName: data.firstName.trim(), lastName: data.lastName.trim(), phone: phone || null, lang: data.language },
    });
    showToast(t('onboarding.done'), 'success');
    const codes = done?.completeOnboarding.recoveryCodes;
    if (codes && codes.length > 0) setRecoveryCodes(codes);
    else opts.onDone();
  };

  const sendPhoneCode = async (): Promise<number> => {
    try {
      const { data: sent } = await sendCode({ variables: { token, phone } });
      setCodeSentAt(Date.now());
      return sent?.sendInvitationVerificationCode ?? OTP_RESEND_SECONDS;
    } catch (error) {
      const wait = retryAfterOf(error);
      if (errorCodeOfCall(error) === 'OTP_RESEND_TOO_SOON' && wait !== null) return wait;
      throw error;
    }
  };

  const complete = async () => {
    setBusy(true);
    try {
      const how = onboardingCompletion(data.twoFactorVerificationMethod);
      const phoneDone = invitation.otpContact === 'phone' && invitation.isPhoneVerified && invitation.phone === phone;
      if (how === 'phoneCode' && !phoneDone) {
        // The code is sent once; opening the modal again within the countdown does not send another.
        const since = codeSentAt === null ? Infinity : (Date.now() - codeSentAt) / 1000;
        const wait = since < OTP_RESEND_SECONDS ? Math.ceil(OTP_RESEND_SECONDS - since) : await sendPhoneCode();
        setCodeModal({ resendAfterSeconds: wait });
        return;
      }
      if (how === 'emailContact') await setContact({ variables: { token, otpContact: 'email' } });
      if (how === 'direct' && invitation.otpContact) await setContact({ variables: { token, otpContact: null } });
      await acceptNow();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  /** The modal's code: the right one verifies the phone and accepts the invitation. */
  const submitCode = async (otp: string): Promise<string | null> => {
    try {
      await verify({ variables: { token, otp } });
    } catch (error) {
      const code = errorCodeOfCall(error);
      if (code === 'OTP_INVALID' || code === 'OTP_BLOCKED') return t(`errors.${code}`);
      setCodeModal(null);
      failed(error);
      return null;
    }
    try {
      await acceptNow();
      setCodeModal(null);
    } catch (error) {
      setCodeModal(null);
      failed(error);
    }
    return null;
  };

  return { recoveryCodes, finish: opts.onDone, complete, busy, codeModal, closeCodeModal: () => setCodeModal(null), submitCode, resendCode: sendPhoneCode, phone };
}
