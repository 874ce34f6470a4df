import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Center, Code, CopyButton, Group, Image, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useTranslation } from 'react-i18next';

/** The address of an entrance screen: the secret travels in the fragment, never sent in a request line. */
export const screenAddress = (secret: string) => `${window.location.origin}/stop-n-go/screen#${secret}`;

interface ScreenAddressModalProps {
  /** The screen just created or renewed, with its secret: shown this once. */
  shown: { name: string; secret: string } | null;
  onClose(): void;
  /** Once closed: focus goes where the caller says (the control that opened it is often gone by then). */
  onClosed(): void;
}

/** Shows a screen's address once, to copy or to scan on the display device. */
export function ScreenAddressModal({ shown, onClose, onClosed }: ScreenAddressModalProps) {
  const { t } = useTranslation();
  const address = shown ? screenAddress(shown.secret) : '';
  const [qr, setQr] = useState<{ address: string; url: string | null } | null>(null);
  useEffect(() => {
    if (!address) return;
    let cancelled = false;
    QRCode.toDataURL(address, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
      .then((url) => !cancelled && setQr({ address, url }))
      .catch(() => !cancelled && setQr({ address, url: null }));
    return () => {
      cancelled = true;
    };
  }, [address]);
  const code = qr?.address === address ? qr : null;

  return (
    <Modal opened={shown !== null} onClose={onClose} returnFocus={false} onExitTransitionEnd={onClosed} title={shown ? t('stopNGo.address.title', { name: shown.name }) : ''} centered size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      {shown && (
        <Stack gap="md">
          <Alert color="blue">{t('stopNGo.address.once')}</Alert>
          <Center>
            {code?.url ? (
              <Image src={code.url} alt={t('stopNGo.address.qr')} w={240} h={240} data-testid="stopngo-qr" />
            ) : code ? (
              <Text c="dimmed">{t('stopNGo.address.qrFailed')}</Text>
            ) : (
              <Skeleton w={240} h={240} />
            )}
          </Center>
          <Code block dir="ltr" data-testid="stopngo-address" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {address}
          </Code>
          <Group justify="space-between" gap="xs">
            <Anchor href={address} target="_blank" rel="noreferrer" size="sm">
              <Group gap={4} component="span">
                <IconExternalLink size={16} aria-hidden="true" />
                {t('stopNGo.address.open')}
              </Group>
            </Anchor>
            <Group gap="xs">
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                    {copied ? t('stopNGo.address.copied') : t('stopNGo.address.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={onClose} data-testid="stopngo-address-done">
                {t('stopNGo.address.done')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
