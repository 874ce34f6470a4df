import { useEffect } from 'react';
import { useQuery } from '@apollo/client';
import { formatAppPath, parseAppPath } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useTrackUsage } from '../../shared/usage/useTrackUsage.ts';
import { SHORT_LINK_BY_CODE } from './graphql/shortLinks.ts';

/** Codes are 12 base62 characters (docs/graphql-contract.md); anything else is not asked for. */
const CODE = /^[0-9A-Za-z]{1,64}$/;

/** The navigation state a short link passes to its page: the target query's token value. */
export interface ShortLinkState {
  token: string | null;
}

/**
 * /t/{code} (spec 002 §2): looks the code up and replaces itself with the target path and query,
 * passing the token as navigation state; an unknown code gives the not-found toast and page.
 */
export default function ShortLinkPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const track = useTrackUsage();
  const valid = CODE.test(code);
  const { data, error } = useQuery(SHORT_LINK_BY_CODE, { variables: { code }, skip: !valid, fetchPolicy: 'network-only' });

  useEffect(() => {
    const link = data?.shortLinkByCode;
    const target = link ? parseAppPath(link.url) : null;
    if (target && link) {
      track('shortLinkOpened', { code: link.code });
      navigate(formatAppPath(target), { replace: true, state: { token: link.token } satisfies ShortLinkState });
    } else if (!valid || error || link) {
      showToast(t('shortLinks.notFound'), 'error');
      navigate('/not-found', { replace: true });
    }
  }, [data, error, valid, navigate, t, track]);

  return <SectionLoader />;
}
