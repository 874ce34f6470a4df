import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@apollo/client';
import { Button, Group, Progress, Stepper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  LANGUAGES,
  ONBOARDING_STEPS,
  type OnboardingStep,
  canOpenStep,
  confirmedSteps,
  e164ToDraft,
  firstIncompleteStepBefore,
  isOtpContact,
  onboardingStepErrors,
} from '@sitelens/domain';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useLanguage } from '../../shared/i18n/LanguageProvider.tsx';
import { showToast, toastStore } from '../../shared/toasts/toastStore.ts';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { type ExpiredVariant, InvitationExpiredModal } from './components/InvitationExpiredModal.tsx';
import { PhoneCodeModal } from './components/PhoneCodeModal.tsx';
import { RecoveryCodesModal } from './components/RecoveryCodesModal.tsx';
import { INVITATION_BY_TOKEN } from './graphql/invitation.ts';
import { expiredVariantOf } from './invitationErrors.ts';
import { onboardingStore, useOnboardingState } from './onboardingStore.ts';
import { AboutStep } from './steps/AboutStep.tsx';
import { OrgSettingsStep } from './steps/OrgSettingsStep.tsx';
import { PasswordStep } from './steps/PasswordStep.tsx';
import { ProfileSettingsStep } from './steps/ProfileSettingsStep.tsx';
import { SecurityStep } from './steps/SecurityStep.tsx';
import { useCompleteOnboarding } from './useCompleteOnboarding.ts';
import { useStepTitle } from './useStepTitle.ts';
import { FormCard } from '../../shared/forms/FormCard.tsx';

const path = (step: OnboardingStep) => `/onboarding/${step}`;

/**
 * The onboarding wizard (spec 000 §2-§4): the step comes from the path; progress bar and step
 * indicator; Previous and Next; which steps can be clicked; the redirect to the first incomplete
 * step; the error toast on a forward click with an error; the last button creates the account.
 */
export function OnboardingWizard({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stepTitle = useStepTitle();
  const { token, filledFor, data, dirty } = useOnboardingState();
  const { allowedLanguages } = useLanguage();
  const allowed: readonly string[] = allowedLanguages.length > 0 ? allowedLanguages : LANGUAGES;
  const query = useQuery(INVITATION_BY_TOKEN, { variables: { token: token ?? '' }, skip: !token });
  const invitation = query.data?.invitationByToken;
  const [expired, setExpired] = useState<ExpiredVariant | null>(null);
  const [tried, setTried] = useState<ReadonlySet<OnboardingStep>>(new Set());
  // A step's error pop-ups are about that step: they close when another step opens.
  const stepToasts = useRef<string[]>([]);
  useEffect(() => {
    for (const id of stepToasts.current.splice(0)) toastStore.remove(id);
  }, [step]);
  const guard = useUnsavedChangesGuard({ when: dirty && expired === null, isLeaving: (_c, next) => !next.pathname.startsWith('/onboarding') });
  const finish = () => {
    onboardingStore.finish();
    guard.leave('/login', { replace: true });
  };
  const completion = useCompleteOnboarding({ token: token ?? '', data, invitation: invitation ?? { isPhoneVerified: false }, onExpired: setExpired, onDone: finish });

  useEffect(() => {
    const variant = expiredVariantOf(query.error);
    if (variant || (!token && !query.loading)) setExpired(variant ?? 'user');
  }, [query.error, query.loading, token]);

  useEffect(() => {
    if (!token || !invitation) return;
    onboardingStore.fill(token, {
      firstName: invitation.firstName,
      lastName: invitation.lastName,
      phone: e164ToDraft(invitation.phone),
      language: allowed.includes(invitation.lang) ? invitation.lang : 'fr',
      twoFactorVerificationMethod: isOtpContact(invitation.otpContact) ? invitation.otpContact : null,
    });
  }, [token, invitation, allowed]);

  const filled = token !== null && filledFor === token;
  const confirmed = confirmedSteps(data, allowed);
  const incomplete = filled ? firstIncompleteStepBefore(step, confirmed) : null;
  useEffect(() => {
    if (incomplete) void navigate(path(incomplete), { replace: true });
  }, [incomplete, navigate]);

  const index = ONBOARDING_STEPS.indexOf(step);
  const isLast = index === ONBOARDING_STEPS.length - 1;
  const errors = onboardingStepErrors(step, data, allowed);

  const leaveStep = () => {
    // Spec 000 §4: an invalid password step clears the stored password values.
    if (step === 'password' && errors.length > 0) onboardingStore.clearPasswords();
  };
  const forward = (target: OnboardingStep | null) => {
    if (errors.length > 0) {
      setTried((s) => new Set(s).add(step));
      stepToasts.current.push(showToast(t(errors[0]!.error), 'error'));
      return;
    }
    if (target) void navigate(path(target));
    else void completion.complete();
  };
  const open = (target: OnboardingStep) => {
    if (target === step) return;
    if (ONBOARDING_STEPS.indexOf(target) > index) return forward(canOpenStep(target, step, confirmed) ? target : ONBOARDING_STEPS[index + 1]!);
    leaveStep();
    void navigate(path(target));
  };

  return (
    <>
      <PageHeader title={t('onboarding.title')} description={invitation ? t('onboarding.welcome', { organization: invitation.organizationName }) : undefined} />
      <InvitationExpiredModal opened={expired !== null} variant={expired ?? 'user'} token={token} onClose={() => guard.leave('/login', { replace: true })} />
      <Progress value={((index + 1) / ONBOARDING_STEPS.length) * 100} mb="xs" aria-label={t('onboarding.progress', { step: index + 1, count: ONBOARDING_STEPS.length })} />
      <Text size="sm" c="dimmed" mb="md" data-testid="onboarding-position">
        {t('onboarding.progress', { step: index + 1, count: ONBOARDING_STEPS.length })}
      </Text>
      <Stepper active={index} onStepClick={(i) => open(ONBOARDING_STEPS[i]!)} size="sm" mb="lg" aria-label={t('onboarding.stepsLabel')}>
        {ONBOARDING_STEPS.map((s) => (
          <Stepper.Step key={s} label={stepTitle(s)} allowStepSelect={s !== step && (canOpenStep(s, step, confirmed) || ONBOARDING_STEPS.indexOf(s) === index + 1)} data-testid={`onboarding-step-${s}`} />
        ))}
      </Stepper>
      {!filled ? (
        <SectionLoader />
      ) : (
        <FormCard maw={640} label={stepTitle(step)} onSubmit={() => forward(isLast ? null : ONBOARDING_STEPS[index + 1]!)}>
          <Text component="h2" fw={700} fz="lg" mb="md">
            {stepTitle(step)}
          </Text>
          {step === 'org-settings' && <OrgSettingsStep organizationName={invitation?.organizationName ?? ''} email={invitation?.email ?? ''} />}
          {step === 'about' && <AboutStep data={data} showErrors={tried.has('about')} phoneLocked={invitation?.otpContact === 'phone' && invitation.isPhoneVerified} />}
          {step === 'password' && <PasswordStep data={data} showErrors={tried.has('password')} />}
          {step === 'profile-settings' && <ProfileSettingsStep data={data} showErrors={tried.has('profile-settings')} allowed={allowed} />}
          {step === 'security' && <SecurityStep data={data} />}
          <Group justify="space-between" mt="xl">
            <Button variant="default" disabled={index === 0} onClick={() => open(ONBOARDING_STEPS[index - 1]!)} data-testid="onboarding-previous">
              {t('onboarding.previous')}
            </Button>
            <Button type="submit" loading={completion.busy} data-testid="onboarding-next">
              {isLast ? t('onboarding.create') : t('onboarding.next')}
            </Button>
          </Group>
        </FormCard>
      )}
      <PhoneCodeModal
        opened={completion.codeModal !== null}
        phone={completion.phone}
        resendAfterSeconds={completion.codeModal?.resendAfterSeconds ?? 60}
        onSubmit={completion.submitCode}
        onResend={completion.resendCode}
        onClose={completion.closeCodeModal}
      />
      <RecoveryCodesModal codes={completion.recoveryCodes} onDone={completion.finish} />
    </>
  );
}
