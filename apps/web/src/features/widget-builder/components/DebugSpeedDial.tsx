import { ActionIcon, Affix, Menu } from '@mantine/core';
import { IconBug, IconCopy, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';

/** The preview's debug speed-dial: English or French, and the sign-in token to the clipboard. */
export function DebugSpeedDial({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const { setLanguage } = useLanguage();
  const languageNames = useLanguageNames();
  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      showToast(t('widgetBuilder.debug.copied'), 'success');
    } catch {
      showToast(t('widgetBuilder.debug.copyFailed'), 'error');
    }
  };
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Menu position="top-end" withinPortal>
        <Menu.Target>
          <ActionIcon size={52} radius="xl" variant="filled" aria-label={t('widgetBuilder.debug.open')} data-testid="builder-debug">
            <IconBug size={26} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void setLanguage('en')} lang="en">
            {languageNames.en}
          </Menu.Item>
          <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void setLanguage('fr')} lang="fr">
            {languageNames.fr}
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void copy()} disabled={!token}>
            {t('widgetBuilder.debug.copyToken')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Affix>
  );
}
