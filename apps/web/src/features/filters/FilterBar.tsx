import { useEffect, useRef, useState } from 'react';
import { Button, Collapse, Group, Paper, Stack } from '@mantine/core';
import { TUTORIAL_FILTER_EDITOR_STEPS, canApplyFilters, type FilterState, type FilterTarget, filterKey, removeFilter } from '@sitelens/domain';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTutorialStep } from '../../shared/tutorial/tutorialStore.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useTrackUsage } from '../../shared/usage/useTrackUsage.ts';
import { AudienceControls } from './components/AudienceControls.tsx';
import { DayFilterControl } from './components/DayFilterControl.tsx';
import { EventFilterControl } from './components/EventFilterControl.tsx';
import { FilterPreview } from './components/FilterPreview.tsx';
import { TimespanControl } from './components/TimespanControl.tsx';
import { UnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { ZoneFilterControl } from './components/ZoneFilterControl.tsx';
import { usePageFilters } from './PageFiltersProvider.tsx';

/** The leave confirmation of filters not applied (spec 001 §4): save applies them. */
const GUARD_TEXTS = {
  title: 'filterBar.guard.title',
  text: 'filterBar.guard.text',
  save: 'filterBar.guard.save',
  discard: 'filterBar.guard.discard',
  cancel: 'filterBar.guard.cancel',
};

/**
 * The filter bar of installation and custom pages (spec 001 §4): the applied filters as removable
 * chips, and a collapsible editor holding a draft (timespan, hours, day, zone, gender, engagement,
 * categories, events) applied with Apply, enabled only when something changed.
 */
export function FilterBar() {
  const { t } = useTranslation();
  const track = useTrackUsage();
  const { ctx, state, applyState, saveGlobal, clearGlobal, hasSavedGlobal } = usePageFilters();
  const [opened, setOpened] = useState(false);
  // What the keyboard goes back to when the control it was on closes or turns disabled.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<FilterState>(state);
  const appliedKey = filterKey(state);
  // A new applied state (chip removed, URL changed, global filters cleared) resets the draft.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(state), [appliedKey]);
  // The guided tour's date, day and zone steps point inside the editor: it opens for them.
  const tourStep = useTutorialStep();
  const tourNeedsEditor = tourStep !== null && TUTORIAL_FILTER_EDITOR_STEPS.has(tourStep);
  const openedByTour = useRef(false);
  useEffect(() => {
    if (tourNeedsEditor && !opened) {
      openedByTour.current = true;
      setOpened(true);
    } else if (!tourNeedsEditor && openedByTour.current) {
      // The tour closes what it opened once it moves on.
      openedByTour.current = false;
      setOpened(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tourNeedsEditor]);

  const changed = canApplyFilters(draft, state);
  const toggle = () => {
    track(opened ? 'filtersClosed' : 'filtersOpened', { pageKind: ctx.pageKind });
    if (opened) setDraft(state);
    setOpened(!opened);
  };
  const apply = (leaving = false) => {
    if (!changed) return;
    applyState(draft, { leaving });
    track('filtersApplied', { pageKind: ctx.pageKind, timespans: draft.timespans.length, day: draft.day?.operator ?? null });
    setOpened(false);
    // Apply folds the editor it sits in: the keyboard goes back to the button that opens it.
    if (!leaving) toggleRef.current?.focus();
  };
  const undo = () => {
    setDraft(state);
    // Undo turns itself disabled: the keyboard stays in the bar, on the button that opened the editor.
    toggleRef.current?.focus();
  };
  const save = () => {
    saveGlobal();
    showToast(t('filterBar.global.saved'), 'success');
  };
  const clear = () => {
    clearGlobal();
    showToast(t('filterBar.global.cleared'), 'success');
    // Clear turns disabled once nothing is saved: the keyboard moves to Save beside it.
    saveRef.current?.focus();
  };
  const remove = (target: FilterTarget) => {
    const next = removeFilter(state, target, ctx);
    applyState(next);
    track('filtersApplied', { pageKind: ctx.pageKind, removed: target.type });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('filterBar.label')} data-testid="filter-bar" data-tutorial="filters">
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <FilterPreview state={state} ctx={ctx} onRemove={remove} noneLeft={() => toggleRef.current} />
        <Button
          ref={toggleRef}
          variant={opened ? 'filled' : 'light'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
          onClick={toggle}
          aria-expanded={opened}
          aria-controls="filter-bar-editor"
          data-testid="filter-bar-toggle"
          style={{ flexShrink: 0 }}
        >
          {t('filterBar.label')}
        </Button>
      </Group>
      <Collapse in={opened}>
        <Stack id="filter-bar-editor" gap="sm" mt="sm" data-testid="filter-bar-editor">
          {opened && (
            <>
              <Group gap="sm">
                <TimespanControl draft={draft} ctx={ctx} onChange={setDraft} />
                <ZoneFilterControl draft={draft} ctx={ctx} onChange={setDraft} />
                <EventFilterControl draft={draft} ctx={ctx} onChange={setDraft} />
              </Group>
              <DayFilterControl draft={draft} onChange={setDraft} />
              <AudienceControls draft={draft} ctx={ctx} onChange={setDraft} />
            </>
          )}
          <Group justify="space-between">
            <Group gap="xs">
              <Button ref={saveRef} variant="subtle" size="xs" onClick={save} data-testid="global-save">
                {t('filterBar.global.save')}
              </Button>
              <Button variant="subtle" size="xs" color="gray" onClick={clear} disabled={!hasSavedGlobal} data-testid="global-clear">
                {t('filterBar.global.clear')}
              </Button>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={undo} disabled={!changed} data-testid="filter-undo">
                {t('filterBar.reset')}
              </Button>
              <Button onClick={() => apply()} disabled={!changed} data-testid="filter-apply">
                {t('filterBar.apply')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Collapse>
      <UnsavedChangesGuard
        when={opened && changed}
        onSave={() => {
          apply(true);
          return true;
        }}
        texts={GUARD_TEXTS}
      />
    </Paper>
  );
}
