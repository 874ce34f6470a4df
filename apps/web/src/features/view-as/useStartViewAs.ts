import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../shared/api/errorText.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { VIEW_AS_USER } from './graphql/viewAs.ts';
import { viewAsStore } from './viewAsStore.ts';

/**
 * Opens the product as a user: the view-as token is kept apart and the app starts again from the
 * home page with it, so every screen, right and cache is the user's from the first paint.
 */
export function useStartViewAs(userId: number) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const [mutate] = useMutation(VIEW_AS_USER);
  const [starting, setStarting] = useState(false);
  const start = async () => {
    setStarting(true);
    try {
      const { data } = await mutate({ variables: { userId } });
      if (!data) return;
      // The bar of the view-as keeps speaking the administrator's language (the one shown now).
      viewAsStore.start(data.viewAsUser.token, pathname, i18n.language);
      window.location.assign('/');
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      setStarting(false);
    }
  };
  return { start, starting };
}
