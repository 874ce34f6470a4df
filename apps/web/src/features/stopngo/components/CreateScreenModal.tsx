import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, SCREEN_NAME_MAX, checkScreenLanguages, checkScreenName } from '@sitelens/domain';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import { Form } from '../../../shared/forms/Form.tsx';

export interface NewScreen {
  name: string;
  language: Language;
  secondLanguage: Language | null;
}

interface CreateScreenModalProps {
  opened: boolean;
  defaultLanguage: Language;
  saving: boolean;
  /** The field and reason the server refused, if it did. */
  serverProblem: { field: string; reason: string } | null;
  onCreate(screen: NewScreen): void;
  onClose(): void;
}

/** Names a new screen display and chooses the languages it speaks (the site's, and optionally a second one). */
export function CreateScreenModal({ opened, onClose, ...form }: CreateScreenModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('stopNGo.screens.modal.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened && <CreateScreenForm onClose={onClose} {...form} />}
    </Modal>
  );
}

function CreateScreenForm({ defaultLanguage, saving, serverProblem, onCreate, onClose }: Omit<CreateScreenModalProps, 'opened'>) {
  const { t } = useTranslation();
  const names = useLanguageNames();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [secondLanguage, setSecondLanguage] = useState<Language | null>(null);
  const [tried, setTried] = useState(false);
  const nameCheck = checkScreenName(name);
  const languageCheck = checkScreenLanguages(language, secondLanguage);
  const problem = (field: string) => {
    if (tried && field === 'name' && !nameCheck.ok) return nameCheck.reason;
    if (tried && !languageCheck.ok && languageCheck.field === field) return languageCheck.reason;
    return serverProblem?.field === field ? serverProblem.reason : null;
  };
  const message = (field: string) => {
    const reason = problem(field);
    return reason ? t(`stopNGo.screens.modal.errors.${reason}`, { max: SCREEN_NAME_MAX }) : undefined;
  };
  const options = LANGUAGES.map((l) => ({ value: l, label: names[l] }));
  return (
    <Form
      onSubmit={() => {
        setTried(true);
        if (nameCheck.ok && languageCheck.ok) onCreate({ name: name.trim(), language, secondLanguage });
      }}
    >
      <Stack gap="md">
        <TextInput
          label={t('stopNGo.screens.modal.name')}
          description={t('stopNGo.screens.modal.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={SCREEN_NAME_MAX}
          required
          data-autofocus
          error={message('name')}
          data-testid="stopngo-screen-name"
        />
        <Select
          label={t('stopNGo.screens.modal.language')}
          data={options}
          value={language}
          onChange={(v) => v && setLanguage(v as Language)}
          allowDeselect={false}
          error={message('language')}
        />
        <Select
          label={t('stopNGo.screens.modal.secondLanguage')}
          data={[{ value: '', label: t('stopNGo.screens.modal.none') }, ...options.filter((o) => o.value !== language)]}
          value={secondLanguage ?? ''}
          onChange={(v) => setSecondLanguage(v ? (v as Language) : null)}
          allowDeselect={false}
          error={message('secondLanguage')}
          data-testid="stopngo-screen-second-language"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('stopNGo.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="stopngo-screen-create-submit">
            {t('stopNGo.screens.modal.create')}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
