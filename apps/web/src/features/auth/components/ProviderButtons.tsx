import { useQuery } from '@apollo/client';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBuildingStore, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SIGN_IN_PROVIDERS } from '../graphql/signin.ts';

/**
 * "Sign in with" the configured single sign-on providers (a social one, a retail partner; spec 000
 * §2): plain links to the server, which sends the browser on to the provider. Nothing when none is
 * configured. The label is the provider's name alone (OIDC_SOCIAL_LABEL=Google): the words around it
 * are the reader's language's.
 */
export function ProviderButtons({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(SIGN_IN_PROVIDERS, { fetchPolicy: 'cache-first' });
  const providers = data?.signInProviders ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="sso-providers">
      <Divider label={t('login.sso.or')} labelPosition="center" />
      {providers.map((p) => {
        const social = p.kind === 'SOCIAL';
        const text = p.label ? t('login.sso.with', { name: p.label }) : t(social ? 'login.sso.social' : 'login.sso.partner');
        return (
          <Button
            key={p.id}
            component="a"
            href={`${p.startPath}?${new URLSearchParams({ from: returnPath }).toString()}`}
            variant="default"
            fullWidth
            leftSection={social ? <IconUserCircle size={18} /> : <IconBuildingStore size={18} />}
            // A long provider name wraps instead of being cut (the Arabic wording is longer).
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.35 } }}
            data-testid={`sso-${p.id}`}
          >
            {text}
          </Button>
        );
      })}
    </Stack>
  );
}
