import { useState } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { decodeEmbeddedUrl } from './decodeEmbeddedUrl.ts';

/** /embeded/{url}: an external page (base64 url) in a full frame, with a loader until it has loaded. */
export default function EmbeddedPage() {
  const { t } = useTranslation();
  const { url: encoded } = useParams();
  const url = decodeEmbeddedUrl(encoded);
  const [loaded, setLoaded] = useState<string | null>(null);
  usePageTitle(t('embedded.title'));
  if (!url) return <NotFoundContent />;
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
