import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CustomLink, customLinksError } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { CustomLinksEditor } from '../../../shared/links/CustomLinksEditor.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { UPDATE_USER_CUSTOM_LINKS, type UserRow } from '../graphql/users.ts';
import { FormActions } from '../../../shared/forms/FormActions.tsx';

/** A managed user's own links of the header menu, set by those who may edit users. */
export function UserCustomLinksSection({ user, editable }: { user: UserRow; editable: boolean }) {
  const { t } = useTranslation();
  const saved = useMemo<CustomLink[]>(() => user.customLinks.map(({ text, url, iconSrc, openOutside }) => ({ text, url, iconSrc, openOutside })), [user]);
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; text: string } | null>(null);
  const [update, { loading }] = useMutation(UPDATE_USER_CUSTOM_LINKS);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async (): Promise<boolean> => {
    setTried(true);
    if (customLinksError(draft)) return false;
    try {
      await update({ variables: { userId: user.id, customLinks: draft } });
      setTried(false);
      showToast(t('settings.userLinks.saved'), 'success');
      return true;
    } catch (error) {
      const refused = fieldErrorOf(error);
      if (refused) setServerError({ field: refused.field, text: t(fieldErrorKey(refused)) });
      else showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      return false;
    }
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="lg"
      maw={880}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      aria-labelledby="user-links-title"
    >
      {editable && <UnsavedChangesGuard when={dirty} onSave={save} />}
      <Stack>
        <div>
          <Title order={2} size="h4" id="user-links-title">
            {t('settings.userLinks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.userLinks.hint')}
          </Text>
        </div>
        <CustomLinksEditor
          value={draft}
          onChange={(links) => {
            setDraft(links);
            setServerError(null);
          }}
          showErrors={tried}
          serverError={serverError}
          readOnly={!editable}
        />
        {editable && <FormActions dirty={dirty} saving={loading} onReset={() => setDraft(saved)} />}
      </Stack>
    </Paper>
  );
}
