import { ActionIcon, Button, Group, Paper, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_LINKS_MAX, CUSTOM_LINK_ICONS, type CustomLink, type CustomLinkErrors, customLinkErrors } from '@sitelens/domain';
import { CustomLinkIconView } from './customLinkIcons.tsx';

export interface CustomLinksEditorProps {
  value: CustomLink[];
  onChange: (links: CustomLink[]) => void;
  /** Shows every rule's message (after a save attempt); otherwise only those of fields typed in. */
  showErrors: boolean;
  /** A server refusal: `customLinks.{index}.{field}` and its translated text. */
  serverError?: { field: string; text: string } | null;
  readOnly?: boolean;
}

const EMPTY: CustomLink = { text: '', url: 'https://', iconSrc: null, openOutside: true };

/**
 * The links of the header's menu (spec 000 §3 `customLinks`): text, address (http or https
 * only), icon and "open in a new tab", in order; rows move with buttons, so the keyboard can order them.
 */
export function CustomLinksEditor({ value, onChange, showErrors, serverError, readOnly = false }: CustomLinksEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<CustomLink>) => onChange(value.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [link] = next.splice(index, 1);
    next.splice(index + by, 0, link!);
    onChange(next);
  };
  const icons = CUSTOM_LINK_ICONS.map((icon) => ({ value: icon, label: t(`common.links.icons.${icon}`) }));
  const errorText = (index: number, field: keyof CustomLinkErrors, errors: CustomLinkErrors | null, typed: boolean) => {
    if (serverError?.field === `customLinks.${index}.${field}`) return serverError.text;
    const key = errors?.[field];
    return key && (showErrors || typed) ? t(key) : null;
  };

  return (
    <Stack gap="sm">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('common.links.none')}
        </Text>
      )}
      {value.map((link, index) => {
        const errors = customLinkErrors(link);
        const label = link.text.trim() || t('common.links.untitled', { n: index + 1 });
        return (
          <Paper key={index} withBorder radius="md" p="sm" role="group" aria-label={t('common.links.row', { name: label })}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                <Group grow align="flex-start" gap="sm">
                  <TextInput
                    label={t('common.links.text')}
                    value={link.text}
                    onChange={(e) => update(index, { text: e.currentTarget.value })}
                    error={errorText(index, 'text', errors, link.text !== '')}
                    readOnly={readOnly}
                    dir="auto"
                    data-testid={`link-${index}-text`}
                  />
                  <TextInput
                    label={t('common.links.url')}
                    value={link.url}
                    onChange={(e) => update(index, { url: e.currentTarget.value })}
                    error={errorText(index, 'url', errors, link.url !== EMPTY.url)}
                    readOnly={readOnly}
                    dir="ltr"
                    type="url"
                    data-testid={`link-${index}-url`}
                  />
                </Group>
                <Group gap="md" align="flex-end">
                  <Select
                    label={t('common.links.icon')}
                    data={icons}
                    value={link.iconSrc && CUSTOM_LINK_ICONS.includes(link.iconSrc as never) ? link.iconSrc : 'link'}
                    onChange={(icon) => icon && update(index, { iconSrc: icon === 'link' ? null : icon })}
                    leftSection={<CustomLinkIconView iconSrc={link.iconSrc} />}
                    renderOption={({ option }) => (
                      <Group gap="xs">
                        <CustomLinkIconView iconSrc={option.value} />
                        {option.label}
                      </Group>
                    )}
                    error={errorText(index, 'iconSrc', errors, true)}
                    readOnly={readOnly}
                    allowDeselect={false}
                    w={200}
                  />
                  <Switch
                    label={t('common.links.openOutside')}
                    checked={link.openOutside}
                    onChange={(e) => update(index, { openOutside: e.currentTarget.checked })}
                    disabled={readOnly}
                    mb={8}
                    data-testid={`link-${index}-outside`}
                  />
                </Group>
              </Stack>
              {!readOnly && (
                <Stack gap={4} pt={24}>
                  <Tooltip label={t('common.links.up')}>
                    <ActionIcon variant="subtle" color="gray" onClick={() => move(index, -1)} disabled={index === 0} aria-label={t('common.links.upNamed', { name: label })}>
                      <IconArrowUp size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.links.down')}>
                    <ActionIcon variant="subtle" color="gray" onClick={() => move(index, 1)} disabled={index === value.length - 1} aria-label={t('common.links.downNamed', { name: label })}>
                      <IconArrowDown size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('common.links.remove')}>
                    <ActionIcon variant="subtle" color="red" onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={t('common.links.removeNamed', { name: label })}>
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Stack>
              )}
            </Group>
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => onChange([...value, { ...EMPTY }])} disabled={value.length >= CUSTOM_LINKS_MAX} data-testid="link-add">
            {t('common.links.add')}
          </Button>
          {value.length >= CUSTOM_LINKS_MAX && (
            <Text size="xs" c="dimmed">
              {t('common.links.max', { max: CUSTOM_LINKS_MAX })}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
