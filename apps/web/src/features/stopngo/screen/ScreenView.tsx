import { Loader } from '@mantine/core';
import { IconDeviceDesktopOff, IconDoorEnter, IconHandStop, IconLinkOff, IconWalk, IconWifiOff } from '@tabler/icons-react';
import { isRtl } from '@sitelens/domain';
import type { ScreenVoice } from '../hooks/useScreenTexts.ts';
import type { ScreenModel, ScreenTone } from './screenModel.ts';
import classes from './ScreenView.module.css';

const ICONS: Record<Exclude<ScreenTone, 'connecting'>, typeof IconWalk> = {
  go: IconWalk,
  stop: IconHandStop,
  off: IconDoorEnter,
  lost: IconWifiOff,
  removed: IconDeviceDesktopOff,
  incomplete: IconLinkOff,
};

const dirOf = (lang: string) => (isRtl(lang) ? 'rtl' : 'ltr');

/** The door: its sign, its words in one or two languages, and the figures of the moment. */
export function ScreenView({ model, voices }: { model: ScreenModel; voices: ScreenVoice[] }) {
  const [first] = voices;
  if (!first) return null;
  const { tone, figures } = model;
  const Icon = tone === 'connecting' ? null : ICONS[tone];
  const heading = first.t(`stopNGo.screen.${tone}.title`);
  const big = tone === 'go' || tone === 'stop';
  return (
    <main
      className={classes.screen}
      data-tone={tone}
      data-testid="stopngo-screen"
      data-inside={figures?.inside}
      data-limit={figures?.limit ?? undefined}
      lang={first.lang}
      dir={dirOf(first.lang)}
    >
      <div className={classes.sign} aria-hidden="true">
        <span className={classes.badge}>{Icon ? <Icon stroke={2.2} /> : <Loader color="white" size="xl" />}</span>
      </div>
      <div className={classes.message} role="status" aria-live="polite">
        <h1 className={big ? classes.word : classes.title} style={{ ['--chars' as string]: [...heading].length }}>
          {heading}
        </h1>
        {voices.map((voice, i) => {
          const text = voice.t(`stopNGo.screen.${tone}.message`);
          if (!text) return null;
          return (
            <p key={voice.lang} className={i === 0 ? classes.sentence : classes.second} lang={voice.lang} dir={dirOf(voice.lang)}>
              {text}
            </p>
          );
        })}
      </div>
      {figures && (
        <div className={classes.figures}>
          <Figure
            value={
              <>
                {figures.inside}
                {figures.limit !== null && <span className={classes.of}> / {figures.limit}</span>}
              </>
            }
            labels={voices.map((v) => ({ lang: v.lang, text: v.t(figures.limit !== null ? 'stopNGo.screen.insideOfLimit' : 'stopNGo.screen.inside', { count: figures.inside }) }))}
            testId="stopngo-inside"
          />
          {figures.placesLeft !== null && (
            <Figure
              value={figures.placesLeft}
              labels={voices.map((v) => ({ lang: v.lang, text: v.t('stopNGo.screen.placesLeft', { count: figures.placesLeft ?? 0 }) }))}
              testId="stopngo-places-left"
            />
          )}
        </div>
      )}
    </main>
  );
}

function Figure({ value, labels, testId }: { value: React.ReactNode; labels: Array<{ lang: string; text: string }>; testId: string }) {
  return (
    <div className={classes.figure} data-testid={testId}>
      <span className={classes.value}>{value}</span>
      {labels.map((label, i) => (
        <span key={label.lang} className={i === 0 ? classes.label : classes.labelSecond} lang={label.lang} dir={dirOf(label.lang)}>
          {label.text}
        </span>
      ))}
    </div>
  );
}
