import { useMemo, useState } from 'react';
import { ApolloError, useMutation, useQuery } from '@apollo/client';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type CustomLink, customLinksError, userEditability } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { CustomLinksEditor } from '../../../shared/links/CustomLinksEditor.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UnsavedChangesGuard } from '../../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { UPDATE_USER_CUSTOM_LINKS, USER_BY_ID, type UserRow } from '../graphql/users.ts';
import { FormActions } from '../../../shared/forms/FormActions.tsx';
import { FormCard } from '../../../shared/forms/FormCard.tsx';

export interface UserCustomLinksSectionProps {
  /** The user, when the page has loaded it already. */
  user?: UserRow;
  /** Or the user's id: the section loads the user itself (a managed user's page). */
  userId?: number;
  /** Whether the links can be changed; by default the caller's right to edit this user (organization.user edit). */
  editable?: boolean;
}

/**
 * A user's own links of the header menu (spec 000 §3 `customLinks`), set by those who may edit
 * users. Give it the loaded `user`, or a `userId` and it loads the user itself.
 */
export function UserCustomLinksSection({ user, userId, editable }: UserCustomLinksSectionProps) {
  const { t } = useTranslation();
  const { me, caller } = useCaller();
  const id = user?.id ?? userId ?? me.id;
  const { data, error } = useQuery(USER_BY_ID, { variables: { userId: id }, skip: user !== undefined });
  const loaded = user ?? data?.userById ?? undefined;
  const canEdit = editable ?? userEditability(caller, { isSelf: id === me.id }) === 'EDITABLE';
  if (!loaded && error) return <Alert color="red">{errorText(error, t)}</Alert>;
  if (!loaded) return <Skeleton height={120} radius="md" maw={880} />;
  return <UserLinksForm key={loaded.id} user={loaded} editable={canEdit} />;
}

function UserLinksForm({ user, editable }: { user: UserRow; editable: boolean }) {
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
      const result = await update({ variables: { userId: user.id, customLinks: draft } });
      // As stored (trimmed), so the form is no longer changed.
      const stored = result.data?.updateUserCustomLinks.customLinks;
      if (stored) setDraft(stored.map(({ text, url, iconSrc, openOutside }) => ({ text, url, iconSrc, openOutside })));
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
    <FormCard maw={880} labelledBy="user-links-title" onSubmit={() => void save()} testId="user-links">
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
    </FormCard>
  );
}
