import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type ImageType, imageDimensionsError, imageFileError, readImageDimensions } from '@sitelens/domain';
import { readAsDataUrl } from './readAsDataUrl.ts';

export interface ImagePickerProps {
  label: string;
  /** The image shown: its address, a data: URL just chosen, or null for none. */
  value: string | null;
  /** A data: URL for a chosen file, null to remove the image. */
  onChange: (value: string | null) => void;
  /** The types the server takes for this image (LOGO_IMAGE_TYPES, PROFILE_IMAGE_TYPES). */
  accept: readonly ImageType[];
  /** A round picture with initials (profile) or a framed logo. */
  shape: 'avatar' | 'logo';
  /** Shown in the empty avatar. */
  initials?: string;
  /** An error from the server for this field. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * Choose, preview and remove an image of at most 1 MB. The shared rule is checked before the file
 * is read, so a wrong file costs nothing and says why; the server checks the bytes again.
 */
export function ImagePicker({ label, value, onChange, accept, shape, initials, error, disabled }: ImagePickerProps) {
  const { t } = useTranslation();
  const [ruleError, setRuleError] = useState<string | null>(null);
  const shown = ruleError ? t(ruleError) : error;

  const choose = async (file: File | null) => {
    if (!file) return;
    let problem = imageFileError({ size: file.size, type: file.type }, accept);
    // A raster image's declared size, read from its header before the page decodes it for the preview (issue 28).
    if (!problem && file.type !== 'image/svg+xml') problem = imageDimensionsError(readImageDimensions(new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer())));
    setRuleError(problem);
    if (!problem) onChange(await readAsDataUrl(file));
  };

  const preview =
    shape === 'avatar' ? (
      <Avatar src={value} size={72} radius="xl" color="blue" alt={value ? label : undefined}>
        {initials}
      </Avatar>
    ) : (
      <Paper withBorder radius="md" w={160} h={72} p={6} style={{ display: 'grid', placeItems: 'center' }}>
        {value ? <Image src={value} alt={label} fit="contain" h={58} w="100%" /> : <IconPhoto size={28} stroke={1.5} aria-hidden="true" color="var(--mantine-color-gray-5)" />}
      </Paper>
    );

  return (
    <Input.Wrapper label={label} error={shown} description={t('common.image.hint', { types: accept.map((type) => type.split('/')[1]!.replace('+xml', '').toUpperCase()).join(', ') })}>
      <Group gap="md" mt={6} wrap="nowrap">
        {preview}
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={(file) => void choose(file)} accept={accept.join(',')} disabled={disabled}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} aria-hidden="true" />} disabled={disabled}>
                  {value ? t('common.image.replace') : t('common.image.choose')}
                </Button>
              )}
            </FileButton>
            {value && (
              <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={() => onChange(null)} disabled={disabled}>
                {t('common.image.remove')}
              </Button>
            )}
          </Group>
          {!value && (
            <Text size="xs" c="dimmed">
              {t('common.image.none')}
            </Text>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
