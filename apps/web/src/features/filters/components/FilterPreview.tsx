import { useState } from 'react';
import { Button, CloseButton, Group, Pill } from '@mantine/core';
import { type FilterContext, type FilterState, type FilterTarget, filterItems, filterKey } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useFilterLabel } from '../hooks/useFilterLabel.ts';
import { useFocusAfterRemoval } from '../../../shared/layout/useFocusAfterRemoval.ts';

/** Chips shown before the preview folds (the rest behind "+n"). */
export const PREVIEW_VISIBLE_CHIPS = 6;

const keyOf = (target: FilterTarget) => JSON.stringify(target);

/**
 * The applied filters as chips (spec 001 §4), each removable when the removal rules allow it; the
 * list folds past a few chips. A removed chip hands the keyboard to the remove button now in its
 * place (else the one before it); with none left, the one `noneLeft` gives.
 */
export function FilterPreview({ state, ctx, onRemove, noneLeft }: { state: FilterState; ctx: FilterContext; onRemove: (target: FilterTarget) => void; noneLeft?: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const label = useFilterLabel(ctx);
  const [expanded, setExpanded] = useState(false);
  const items = filterItems(state, ctx);
  // A removal always changes the state, not always the chips (gender goes back to an "All" chip).
  const focus = useFocusAfterRemoval(filterKey(state), 'button[data-remove-filter]', noneLeft);
  const remove = (target: FilterTarget, index: number) => {
    focus.removing(index);
    onRemove(target);
  };
  const shown = expanded ? items : items.slice(0, PREVIEW_VISIBLE_CHIPS);
  return (
    <Group ref={focus.root} gap={6} data-testid="filter-preview" role="list" aria-label={t('filterBar.applied')}>
      {shown.map(({ target, removable }) => {
        const text = label(state, target);
        const removeIndex = shown.filter((i) => i.removable).findIndex((i) => i.target === target);
        return (
          <Pill key={keyOf(target)} role="listitem" size="md" data-testid={`filter-chip-${target.type}`}>
            <Group gap={4} wrap="nowrap">
              <span>{text}</span>
              {removable && (
                <CloseButton size="xs" aria-label={t('filterBar.remove', { label: text })} onClick={() => remove(target, removeIndex)} data-remove-filter />
              )}
            </Group>
          </Pill>
        );
      })}
      {items.length > PREVIEW_VISIBLE_CHIPS && (
        <div role="listitem">
          <Button variant="subtle" size="compact-xs" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
            {expanded ? t('filterBar.showLess') : t('filterBar.showMore', { count: items.length - PREVIEW_VISIBLE_CHIPS })}
          </Button>
        </div>
      )}
    </Group>
  );
}
