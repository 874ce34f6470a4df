import { useMemo, useRef, useState } from 'react';
import { Modal, SimpleGrid, Text, TextInput, useDirection } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WIDGET_TYPES, type WidgetType, widgetTypeNameKey } from '@sitelens/domain';
import { isGalleryKey, matchingTypes, nextCardIndex } from './galleryNavigation.ts';
import { WidgetTypeCard } from './WidgetTypeCard.tsx';

export interface WidgetGalleryProps {
  opened: boolean;
  onClose: () => void;
  /** The type the user chose; the gallery closes itself through onClose. */
  onPick: (type: WidgetType) => void;
}

/** Cards on the first row: how many columns the grid shows at the current width. */
function columnsOf(cards: (HTMLButtonElement | null)[]): number {
  const present = cards.filter((c): c is HTMLButtonElement => c !== null);
  const top = present[0]?.offsetTop;
  return Math.max(1, present.filter((c) => c.offsetTop === top).length);
}

/** Every widget type as a card with its drawing, name and description; search, arrows, Tab and Enter. */
export function WidgetGallery({ opened, onClose, onPick }: WidgetGalleryProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const [query, setQuery] = useState('');
  const cards = useRef<(HTMLButtonElement | null)[]>([]);
  const types = useMemo(() => matchingTypes(WIDGET_TYPES, (type) => t(widgetTypeNameKey(type)), query), [t, query]);

  const pick = (type: WidgetType) => {
    onPick(type);
    setQuery('');
    onClose();
  };
  const move = (index: number) => (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (!isGalleryKey(event.key)) return;
    event.preventDefault();
    const next = nextCardIndex(index, event.key, types.length, columnsOf(cards.current), dir);
    cards.current[next]?.focus();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('widgetGallery.title')} size="xl" data-testid="widget-gallery" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <TextInput
        label={t('widgetGallery.search')}
        placeholder={t('widgetGallery.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && types.length) {
            e.preventDefault();
            cards.current[0]?.focus();
          } else if (e.key === 'Enter' && types.length === 1) pick(types[0]!);
        }}
        mb="md"
        data-autofocus
      />
      {types.length === 0 ? (
        <Text c="dimmed" role="status">
          {t('widgetGallery.empty', { query })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" role="list" aria-label={t('widgetGallery.listLabel')}>
          {types.map((type, i) => (
            <div role="listitem" key={type}>
              <WidgetTypeCard
                type={type}
                ref={(el) => {
                  cards.current[i] = el;
                }}
                onPick={pick}
                onKeyDown={move(i)}
              />
            </div>
          ))}
        </SimpleGrid>
      )}
    </Modal>
  );
}
