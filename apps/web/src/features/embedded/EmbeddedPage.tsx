import { useState } from 'react';
import { Anchor, Box, Center, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLinkAddress } from '@sitelens/domain';
import { Link, useParams } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { decodeEmbeddedUrl } from './embeddedAddress.ts';

/**
 * /embeded/{url}: an external page (base64 url) in a full frame, with a loader until it has loaded.
 * Only the addresses of the caller's header-menu links are framed (isLinkAddress).
 */
export default function EmbeddedPage() {
  const { t } = useTranslation();
  const { url: encoded } = useParams();
  const { me, organization } = useCaller();
  const url = decodeEmbeddedUrl(encoded);
  const [loaded, setLoaded] = useState<string | null>(null);
  usePageTitle(t('embedded.title'));
  if (!url) return <NotFoundContent />;
  if (!isLinkAddress(url, [...(organization?.customLinks ?? []), ...me.customLinks])) return <NotOneOfYourLinks url={url} />;
  return (
    <Box pos="relative" h="calc(var(--sl-screen-height) - 160px)" mih={480}>
      {loaded !== url && (
        <Center pos="absolute" inset={0} role="status" aria-live="polite" aria-label={t('embedded.loading')} data-testid="embedded-loader">
          <Loader />
        </Center>
      )}
      <iframe
        key={url}
        src={url}
        title={t('embedded.frameTitle')}
        onLoad={() => setLoaded(url)}
        data-testid="embedded-frame"
        style={{ border: 0, width: '100%', height: '100%', visibility: loaded === url ? 'visible' : 'hidden' }}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
      />
    </Box>
  );
}

/** An address that is none of the caller's links: said, shown as text (never a link), and not framed. */
function NotOneOfYourLinks({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Center mih={360} data-testid="embedded-refused">
      <Stack align="center" gap="sm" maw={560}>
        <Title order={1} size="h3" ta="center">
          {t('embedded.refused.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('embedded.refused.text')}
        </Text>
        <Code dir="ltr" style={{ wordBreak: 'break-all' }}>
          {url}
        </Code>
        <Anchor component={Link} to="/analytics" fw={600}>
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Center>
  );
}
