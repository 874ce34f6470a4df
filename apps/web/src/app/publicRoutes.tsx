import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { OnboardingStepCrumb } from '../features/onboarding/OnboardingStepCrumb.tsx';
import { handle, redirect } from './routeHelpers.tsx';

const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage.tsx'));
const InvitationPage = lazy(() => import('../features/onboarding/InvitationPage.tsx'));
const OnboardingStepPage = lazy(() => import('../features/onboarding/OnboardingStepPage.tsx'));
const UnsubscribePage = lazy(() => import('../features/reports/UnsubscribePage.tsx'));
const ExportDownloadPage = lazy(() => import('../features/exports/ExportDownloadPage.tsx'));
const EmailLinkPage = lazy(() => import('../features/users/EmailLinkPage.tsx'));
const WidgetBuilderPage = lazy(() => import('../features/widget-builder/WidgetBuilderPage.tsx'));

/** Screens reached without a session, inside the public layout. */
export const publicRoutes: RouteObject[] = [
  { path: 'invitation', element: <InvitationPage />, handle: handle({ crumb: { text: (t) => t('invitation.title') } }) },
  {
    path: 'reset-password-confirm',
    element: <ResetPasswordPage />,
    handle: handle({ crumb: { text: (t) => t('resetPassword.title') } }),
  },
  {
    path: 'unsubscribe-confirm',
    element: <UnsubscribePage />,
    handle: handle({ crumb: { text: (t) => t('unsubscribe.title') } }),
  },
  {
    path: 'confirm-email',
    element: <EmailLinkPage kind="confirm" />,
    handle: handle({ crumb: { text: (t) => t('profile.confirmEmail.title') } }),
  },
  {
    path: 'undo-email-change',
    element: <EmailLinkPage kind="undo" />,
    handle: handle({ crumb: { text: (t) => t('profile.undoEmail.title') } }),
  },
  {
    path: 'export-download',
    element: <ExportDownloadPage />,
    handle: handle({ crumb: { text: (t) => t('exports.download.title') } }),
  },
  {
    path: 'widget-builder',
    element: <WidgetBuilderPage />,
    handle: handle({ crumb: { text: (t) => t('widgetBuilder.title') } }),
  },
  {
    path: 'onboarding',
    handle: handle({ crumb: { text: (t) => t('onboarding.title'), to: '/onboarding' } }),
    children: [
      { index: true, element: redirect('/onboarding/org-settings') },
      { path: ':step', element: <OnboardingStepPage />, handle: handle({ crumb: { Label: OnboardingStepCrumb } }) },
      { path: '*', element: redirect('/onboarding') },
    ],
  },
];
