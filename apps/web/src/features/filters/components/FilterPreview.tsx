import { useState } from 'react';
import { Button, CloseButton, Group, Pill } from '@mantine/core';
import { type FilterContext, type FilterState, type FilterTarget, filterItems } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useFilterLabel } from '../hooks/useFilterLabel.ts';

/** Chips shown before the preview folds (the rest behind "+n"). */
export const PREVIEW_VISIBLE_CHIPS = 6;

const keyOf = (target: FilterTarget) => JSON.stringify(target);

/**
 * The applied filters as chips (spec 001 §4), each removable when the removal rules allow it; the
 * list folds past a few chips.
 */
export function FilterPreview({ state, ctx, onRemove }: { state: FilterState; ctx: FilterContext; onRemove: (target: FilterTarget) => void }) {
  const { t } = useTranslation();
  const label = useFilterLabel(ctx);
  const [expanded, setExpanded] = useState(false);
  const items = filterItems(state, ctx);
  const shown = expanded ? items : items.slice(0, PREVIEW_VISIBLE_CHIPS);
  return (
    <Group gap={6} data-testid="filter-preview" role="list" aria-label={t('filterBar.applied')}>
      {shown.map(({ target, removable }) => {
        const text = label(state, target);
        return (
          <Pill key={keyOf(target)} role="listitem" size="md" data-testid={`filter-chip-${target.type}`}>
            <Group gap={4} wrap="nowrap">
              <span>{text}</span>
              {removable && (
                <CloseButton size="xs" aria-label={t('filterBar.remove', { label: text })} onClick={() => onRemove(target)} />
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
