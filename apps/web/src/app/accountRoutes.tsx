import { lazy } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { SettingsTabGate } from '../features/settings/SettingsTabGate.tsx';
import { ManagedUserCrumb } from '../features/users/components/ManagedUserCrumb.tsx';
import { ProfileCrumb } from '../features/users/components/ProfileCrumb.tsx';
import { handle, redirect } from './routeHelpers.tsx';

const ProfileGeneralPage = lazy(() => import('../features/users/ProfileGeneralPage.tsx'));
const ProfilePreferencesPage = lazy(() => import('../features/users/ProfilePreferencesPage.tsx'));
const ProfileSecurityPage = lazy(() => import('../features/users/ProfileSecurityPage.tsx'));
const UserManagementPage = lazy(() => import('../features/users/UserManagementPage.tsx'));
const ManagedUserPage = lazy(() => import('../features/users/ManagedUserPage.tsx'));
const OrganizationSettingsPage = lazy(() => import('../features/organizations/OrganizationSettingsPage.tsx'));
const SettingsIndexRedirect = lazy(() => import('../features/settings/SettingsIndexRedirect.tsx'));
const RightsProfilesPage = lazy(() => import('../features/users/RightsProfilesPage.tsx'));
const AuditLogPage = lazy(() => import('../features/users/AuditLogPage.tsx'));
const DeliveriesPage = lazy(() => import('../features/messages/DeliveriesPage.tsx'));

/** The user's own profile and the settings (organization, user management). */
export const accountRoutes: RouteObject[] = [
  {
    path: 'user-profile',
    handle: handle({ sidebar: 'profile', crumb: { Label: ProfileCrumb, to: '/user-profile/general' } }),
    children: [
      { index: true, element: redirect('/user-profile/general') },
      {
        path: 'general',
        element: <ProfileGeneralPage />,
        handle: handle({ crumb: { text: (t) => t('profile.general.title') } }),
      },
      {
        path: 'preferences',
        element: <ProfilePreferencesPage />,
        handle: handle({ crumb: { text: (t) => t('profile.preferences.title') } }),
      },
      {
        path: 'security',
        element: <ProfileSecurityPage />,
        handle: handle({ crumb: { text: (t) => t('profile.security.title') } }),
      },
      { path: '*', element: redirect('/user-profile/general') },
    ],
  },
  {
    path: 'settings',
    handle: handle({ sidebar: 'settings', crumb: { text: (t) => t('shell.header.settings'), to: '/settings' } }),
    children: [
      { index: true, element: <SettingsIndexRedirect /> },
      {
        path: 'organization',
        element: (
          <SettingsTabGate tab="organization">
            <OrganizationSettingsPage />
          </SettingsTabGate>
        ),
        handle: handle({ crumb: { text: (t) => t('settings.organization.title') } }),
      },
      {
        path: 'user-management',
        element: (
          <SettingsTabGate tab="userManagement">
            <Outlet />
          </SettingsTabGate>
        ),
        handle: handle({ crumb: { text: (t) => t('settings.userManagement.title'), to: '/settings/user-management' } }),
        children: [
          { index: true, element: <UserManagementPage /> },
          {
            path: ':userId',
            handle: handle({ crumb: { Label: ManagedUserCrumb } }),
            children: [
              { index: true, element: <Navigate to="general" replace /> },
              {
                path: 'general',
                element: <ManagedUserPage tab="general" />,
                handle: handle({ crumb: { text: (t) => t('profile.general.title') } }),
              },
              {
                path: 'preferences',
                element: <ManagedUserPage tab="preferences" />,
                handle: handle({ crumb: { text: (t) => t('profile.preferences.title') } }),
              },
              {
                path: 'security',
                element: <ManagedUserPage tab="security" />,
                handle: handle({ crumb: { text: (t) => t('profile.security.title') } }),
              },
              { path: '*', element: redirect('/not-found') },
            ],
          },
        ],
      },
      {
        path: 'profiles',
        element: (
          <SettingsTabGate tab="rightsProfiles">
            <RightsProfilesPage />
          </SettingsTabGate>
        ),
        handle: handle({ crumb: { text: (t) => t('rightsProfiles.title') } }),
      },
      {
        path: 'audit-log',
        element: (
          <SettingsTabGate tab="auditLog">
            <AuditLogPage />
          </SettingsTabGate>
        ),
        handle: handle({ crumb: { text: (t) => t('auditLog.title') } }),
      },
      {
        path: 'deliveries',
        element: (
          <SettingsTabGate tab="deliveries">
            <DeliveriesPage />
          </SettingsTabGate>
        ),
        handle: handle({ crumb: { text: (t) => t('messages.deliveries.title') } }),
      },
      { path: '*', element: redirect('/not-found') },
    ],
  },
];
