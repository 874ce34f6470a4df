import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPin, IconPinnedFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PinNameModal } from './components/PinNameModal.tsx';
import { usePins } from './hooks/usePins.ts';
import { currentPinUrl, samePinUrl } from './pinUrl.ts';

/**
 * The bookmark button of analytics pages (spec 002 §2): pins the current page with its filters
 * after naming it, or unpins it when it is pinned already.
 */
export function PinButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { pins, add, remove } = usePins();
  const [naming, setNaming] = useState(false);
  const url = currentPinUrl(location);
  if (!url) return null;
  const pinned = pins.find((p) => samePinUrl(p.url, url));
  const label = t(pinned ? 'pins.button.remove' : 'pins.button.add');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant={pinned ? 'filled' : 'light'}
          size="lg"
          aria-label={label}
          aria-pressed={Boolean(pinned)}
          onClick={() => (pinned ? void remove(pinned) : setNaming(true))}
          data-testid="pin-button"
        >
          {pinned ? <IconPinnedFilled size={18} aria-hidden="true" /> : <IconPin size={18} aria-hidden="true" />}
        </ActionIcon>
      </Tooltip>
      <PinNameModal
        opened={naming}
        initialTitle={title}
        editing={false}
        onClose={() => setNaming(false)}
        onSave={(name) => {
          setNaming(false);
          void add(currentPinUrl(window.location) ?? url, name);
        }}
      />
    </>
  );
}
