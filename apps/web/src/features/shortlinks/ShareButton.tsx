import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useMutation } from '@apollo/client';
import { IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useTrackUsage } from '../../shared/usage/useTrackUsage.ts';
import { CREATE_SHORT_LINK } from './graphql/shortLinks.ts';
import { ltrIsolate } from '../../shared/bidi/isolate.ts';

/** Copies a text; false when the browser refuses (no clipboard, no permission). */
async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The share action of analytics pages (spec 002 §2): creates a short link to the page with its
 * filters (the current path and query) and copies it; a cannot-copy toast shows the link instead.
 */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const track = useTrackUsage();
  const [create] = useMutation(CREATE_SHORT_LINK);
  const [busy, setBusy] = useState(false);
  const label = t('shortLinks.share', { title });

  const share = async () => {
    setBusy(true);
    try {
      const { data } = await create({ variables: { path: `${window.location.pathname}${window.location.search}` } });
      const link = data ? `${window.location.origin}${data.createShortLink.shortPath}` : null;
      if (!link) throw new Error('no short link');
      track('shortLinkCreated', { code: data!.createShortLink.code });
      // The address runs left to right whole in a right-to-left sentence ("htt" was cut off in Arabic).
      const shown = ltrIsolate(link);
      if (await copy(link)) showToast(t('shortLinks.copied', { link: shown }), 'success');
      else showToast(t('shortLinks.cannotCopy', { link: shown }), 'error');
    } catch {
      showToast(t('shortLinks.createFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip label={t('shortLinks.shareLabel')}>
      <ActionIcon variant="light" size="lg" aria-label={label} loading={busy} onClick={() => void share()} data-testid="share-button">
        <IconShare size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
