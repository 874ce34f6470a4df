import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, errorText } from '../../../../shared/api/errorText.ts';
import { PAGES_BY_DASHBOARD } from '../../graphql/dashboards.ts';
import { CREATE_DASHBOARD_COPY, SAVE_DASHBOARD } from '../graphql/dashboardEditor.ts';
import type { DashboardModel } from '../model/dashboardModel.ts';
import { toSavedModel } from '../model/draftReducer.ts';
import type { Conflict } from '../save/ConflictDialog.tsx';

export type SaveOutcome = { kind: 'saved' } | { kind: 'copied'; dashboardId: number } | { kind: 'conflict' } | { kind: 'failed' };

/**
 * Saves the draft on the version it was made on. A save made on an older version is refused by the
 * server (VERSION_CONFLICT, with who saved and when): the conflict is kept for its dialog, and the
 * draft can then go to a new dashboard of the caller's ("save as a copy"); nothing is overwritten.
 */
export function useSaveDraft(dashboardId: number) {
  const { t } = useTranslation();
  const [save] = useMutation(SAVE_DASHBOARD, { refetchQueries: [PAGES_BY_DASHBOARD] });
  const [create] = useMutation(CREATE_DASHBOARD_COPY);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<SaveOutcome>): Promise<SaveOutcome> => {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      const apollo = e instanceof ApolloError ? e : undefined;
      if (errorCodeOf(apollo) === 'VERSION_CONFLICT') {
        const ext = apollo!.graphQLErrors[0]!.extensions!;
        setConflict({ savedBy: typeof ext.savedBy === 'string' ? ext.savedBy : null, savedAt: typeof ext.savedAt === 'string' ? ext.savedAt : null });
        return { kind: 'conflict' };
      }
      setError(errorText(apollo, t));
      return { kind: 'failed' };
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = (model: DashboardModel, baseVersion: number) =>
    run(async () => {
      await save({ variables: { dashboardId, baseVersion, model: toSavedModel(model) } });
      return { kind: 'saved' };
    });

  /** A new dashboard named "<name> (copy)", the draft saved on it (its pages and widgets all new). */
  const saveAsCopy = (model: DashboardModel) =>
    run(async () => {
      const name = t('dashboardEditor.conflict.copyName', { name: model.name }).slice(0, 100);
      const { data } = await create({ variables: { name } });
      const id = data!.createDashboard.id;
      const fresh = toSavedModel({ ...model, name, pages: model.pages.map((p) => ({ ...p, id: -1, widgets: p.widgets.map((w) => ({ ...w, id: -1 })) })) });
      await save({ variables: { dashboardId: id, baseVersion: 0, model: fresh } });
      setConflict(null);
      return { kind: 'copied', dashboardId: id };
    });

  return { saveDraft, saveAsCopy, busy, conflict, clearConflict: () => setConflict(null), error };
}
