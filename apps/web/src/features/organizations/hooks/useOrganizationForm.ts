import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { type CustomLink, addressError, customLinksError, organizationNameError } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import type { CurrentOrganization } from '../../../shared/caller/callerQueries.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_ORGANIZATION, type UpdateOrganizationVariables } from '../graphql/organizations.ts';

export interface OrganizationDraft {
  name: string;
  address: string;
  /** The logo's address, a data: URL just chosen, or null. */
  logo: string | null;
  customLinks: CustomLink[];
  /** YYYY-MM-DD or null. */
  migrationDeadline: string | null;
}

const fromOrganization = (o: CurrentOrganization): OrganizationDraft => ({
  name: o.name,
  address: o.address ?? '',
  logo: o.logo,
  customLinks: o.customLinks.map(({ text, url, iconSrc, openOutside }) => ({ text, url, iconSrc, openOutside })),
  migrationDeadline: o.migrationDeadline,
});

function changes(draft: OrganizationDraft, saved: OrganizationDraft): Omit<UpdateOrganizationVariables, 'id'> {
  const input: Omit<UpdateOrganizationVariables, 'id'> = {};
  if (draft.name !== saved.name) input.name = draft.name;
  if (draft.address !== saved.address) input.address = draft.address.trim() === '' ? null : draft.address;
  if (draft.logo !== saved.logo) input.logo = draft.logo ?? '';
  if (JSON.stringify(draft.customLinks) !== JSON.stringify(saved.customLinks)) input.customLinks = draft.customLinks;
  if (draft.migrationDeadline !== saved.migrationDeadline) input.migrationDeadline = draft.migrationDeadline;
  return input;
}

/** The organization page's form: name, address, logo, links and migration deadline, saved together. */
export function useOrganizationForm(organization: CurrentOrganization) {
  const { t } = useTranslation();
  const saved = useMemo(() => fromOrganization(organization), [organization]);
  const [draft, setDraft] = useState(saved);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; text: string } | null>(null);
  const [update, { loading }] = useMutation(UPDATE_ORGANIZATION);

  const input = changes(draft, saved);
  const dirty = Object.keys(input).length > 0;
  const nameRule = organizationNameError(draft.name);
  const addressRule = addressError(draft.address);
  const linksRule = customLinksError(draft.customLinks);

  const set = <K extends keyof OrganizationDraft>(key: K, value: OrganizationDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerError(null);
  };

  const save = async (): Promise<boolean> => {
    setTried(true);
    if (nameRule || addressRule || linksRule) return false;
    if (!dirty) return true;
    try {
      const result = await update({ variables: { id: organization.id, ...input } });
      if (result.data) setDraft(fromOrganization(result.data.updateOrganization));
      setTried(false);
      showToast(t('settings.organization.saved'), 'success');
      return true;
    } catch (error) {
      const refused = fieldErrorOf(error);
      if (refused) setServerError({ field: refused.field, text: t(fieldErrorKey(refused)) });
      else showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      return false;
    }
  };

  const fieldError = (field: 'name' | 'address' | 'logo' | 'migrationDeadline', rule: string | null, typed: boolean) =>
    serverError?.field === field ? serverError.text : rule && (tried || typed) ? t(rule) : null;

  return {
    draft,
    set,
    dirty,
    save,
    saving: loading,
    tried,
    serverError,
    reset: () => {
      setDraft(saved);
      setTried(false);
      setServerError(null);
    },
    nameError: fieldError('name', nameRule, draft.name !== saved.name),
    addressError: fieldError('address', addressRule, draft.address !== saved.address),
    logoError: fieldError('logo', null, false),
    deadlineError: fieldError('migrationDeadline', null, false),
  };
}
