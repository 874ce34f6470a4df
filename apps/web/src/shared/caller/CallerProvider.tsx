import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQuery, type ApolloError } from '@apollo/client';
import { useMantineColorScheme } from '@mantine/core';
import { gates, type Caller, type Gates, type RightsTree } from '@sitelens/domain';
import { FullPageLoader } from '../layout/FullPageLoader.tsx';
import { useLanguage } from '../i18n/LanguageProvider.tsx';
import {
  ALL_INSTALLATIONS,
  ME,
  ORGANIZATION_BY_ID,
  type CurrentOrganization,
  type CurrentUser,
  type InstallationSummary,
} from './callerQueries.ts';

export interface CallerContextValue {
  me: CurrentUser;
  organization: CurrentOrganization | null;
  caller: Caller;
  gates: Gates;
  /** Undefined while the list loads: family-gated routes wait on it. */
  installations: InstallationSummary[] | undefined;
  /** Metric families present in the organization's installations. */
  families: ReadonlySet<string> | undefined;
}

const isSessionError = (error: ApolloError) =>
  error.graphQLErrors.some((e) => ['UNAUTHENTICATED', 'TOKEN_EXPIRED'].includes(String(e.extensions?.code)));

const CallerContext = createContext<CallerContextValue | null>(null);

/** Loads who is signed in and what their organization allows; every authenticated screen reads it. */
export function CallerProvider({ children }: { children: ReactNode }) {
  const { setLanguage, language } = useLanguage();
  // The current user always comes from the network (spec 000 §4).
  const meQuery = useQuery(ME, { fetchPolicy: 'network-only', nextFetchPolicy: 'cache-first' });
  const me = meQuery.data?.me;
  const organizationId = me?.organizationIds[0];
  const orgQuery = useQuery(ORGANIZATION_BY_ID, {
    variables: { organizationId: organizationId ?? 0 },
    skip: organizationId === undefined,
  });
  const installationsQuery = useQuery(ALL_INSTALLATIONS, { skip: !me });

  // The theme of the profile's preferences (spec 000 §3), for the signed-in screens only: signing
  // out brings the public pages back to light.
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (me?.theme !== 'DARK') return;
    setColorScheme('dark');
    return () => setColorScheme('light');
  }, [me?.theme, setColorScheme]);

  // After sign-in the user's language decides.
  useEffect(() => {
    if (me?.lang && me.lang !== language) void setLanguage(me.lang);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me?.lang]);

  const organization = orgQuery.data?.organizationById ?? null;
  const installations = installationsQuery.data?.allInstallations;
  const installationsFailed = installationsQuery.error !== undefined;
  const value = useMemo<CallerContextValue | null>(() => {
    if (!me) return null;
    const hasSites = (organization?.installationIds.length ?? 0) > 0;
    const caller: Caller = {
      role: me.role,
      hasProfile: me.profile !== null,
      rights: (me.profile?.rights as RightsTree | null | undefined) ?? null,
      features: organization?.features ?? {},
      hasStaticDashboard: hasSites,
      hasSites,
    };
    // A failed list counts as no family: gated routes lead on instead of loading for ever.
    const families = installations
      ? new Set(installations.flatMap((i) => i.families))
      : installationsFailed
        ? new Set<string>()
        : undefined;
    return { me, organization, caller, gates: gates(caller), installations, families };
  }, [me, organization, installations, installationsFailed]);

  // An authentication error ends the session through the Apollo links; anything else is a crash.
  if (meQuery.error && !me && !isSessionError(meQuery.error)) throw meQuery.error;
  const orgPending = organizationId !== undefined && !orgQuery.data && !orgQuery.error;
  if (!value || orgPending) return <FullPageLoader />;
  return <CallerContext.Provider value={value}>{children}</CallerContext.Provider>;
}

/** The signed-in caller, or null outside the signed-in shell (the widget builder preview). */
export function useOptionalCaller(): CallerContextValue | null {
  return useContext(CallerContext);
}

export function useCaller(): CallerContextValue {
  const value = useContext(CallerContext);
  if (!value) throw new Error('useCaller outside CallerProvider');
  return value;
}
