import { useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Center, Group, Image, Skeleton, Stack, Text, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuthorizedImage } from '../shared/useAuthorizedImage.ts';
import type { HeatmapSlide } from './heatmapSlides.ts';

const IMAGE_HEIGHT = 360;

/** One slide: only the image shown is fetched (the carousel is lazy), with its loading, missing and failed states. */
function Slide({ slide, alt }: { slide: HeatmapSlide; alt: string }) {
  const { t } = useTranslation();
  const image = useAuthorizedImage(slide.url);
  if (image.status === 'loading') return <Skeleton h={IMAGE_HEIGHT} radius="sm" aria-busy="true" aria-label={t('common.loading')} role="status" />;
  if (image.status !== 'ready') {
    return (
      <Center h={IMAGE_HEIGHT} role="status">
        <Stack align="center" gap={4}>
          <IconPhotoOff size={36} color="var(--mantine-color-gray-5)" aria-hidden="true" />
          <Text fw={500}>{image.status === 'missing' ? t('spatial.heatmap.empty') : t('spatial.heatmap.loadFailed')}</Text>
          <Text size="sm" c="dimmed">
            {image.status === 'missing' ? t('spatial.heatmap.emptyHint') : t('spatial.heatmap.loadFailedHint')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return <Image src={image.src} alt={alt} h={IMAGE_HEIGHT} fit="contain" radius="sm" data-testid="heatmap-image" />;
}

/** The day's images one at a time, with previous and next arrows (no autoplay, no wrap). */
export function HeatmapCarousel({ slides, dateLabel }: { slides: HeatmapSlide[]; dateLabel: string }) {
  const { t } = useTranslation();
  const rtl = useDirection().dir === 'rtl';
  const [index, setIndex] = useState(0);
  const backRef = useRef<HTMLButtonElement>(null);
  const forwardRef = useRef<HTMLButtonElement>(null);
  const at = Math.min(index, slides.length - 1);
  // An arrow turns disabled on the first or last image: the keyboard moves to the other one
  // (once it is enabled) instead of falling back to the page.
  const moved = useRef(false);
  useLayoutEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (at === 0) forwardRef.current?.focus();
    else if (at === slides.length - 1) backRef.current?.focus();
  }, [at, slides.length]);
  const slide = slides[at];
  if (!slide) return null;
  const count = slides.length;
  const Back = rtl ? IconChevronRight : IconChevronLeft;
  const Forward = rtl ? IconChevronLeft : IconChevronRight;
  const go = (to: number) => {
    moved.current = true;
    setIndex(to);
  };
  return (
    <Stack gap="xs" role="group" aria-roledescription={t('spatial.heatmap.carousel')} aria-label={dateLabel} data-testid="heatmap-carousel">
      <Group wrap="nowrap" gap="xs" align="center">
        <ActionIcon ref={backRef} variant="default" size="lg" onClick={() => go(at - 1)} disabled={at === 0} aria-label={t('spatial.heatmap.previous')}>
          <Back size={18} />
        </ActionIcon>
        <div style={{ flex: 1, minWidth: 0 }} aria-live="polite">
          <Slide key={slide.url} slide={slide} alt={t('spatial.heatmap.alt', { date: dateLabel, index: at + 1, count })} />
        </div>
        <ActionIcon ref={forwardRef} variant="default" size="lg" onClick={() => go(at + 1)} disabled={at >= count - 1} aria-label={t('spatial.heatmap.next')}>
          <Forward size={18} />
        </ActionIcon>
      </Group>
      <Text size="sm" c="dimmed" ta="center">
        {t(`spatial.heatmap.gender.${slide.gender}`, { defaultValue: slide.gender })} · {t('spatial.heatmap.position', { index: at + 1, count })}
      </Text>
    </Stack>
  );
}
