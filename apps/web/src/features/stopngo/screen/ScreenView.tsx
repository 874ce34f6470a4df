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
          {figures.limit === null ? (
            <Figure value={figures.inside} labels={voices.map((v) => label(v, 'stopNGo.screen.inside', figures.inside))} testId="stopngo-inside" />
          ) : (
            <InsideOfLimit
              inside={figures.inside}
              limit={figures.limit}
              insideLabels={voices.map((v) => label(v, 'stopNGo.screen.inside', figures.inside))}
              limitLabels={voices.map((v) => label(v, 'stopNGo.screen.maximum'))}
            />
          )}
          {figures.placesLeft !== null && (
            <Figure value={figures.placesLeft} labels={voices.map((v) => label(v, 'stopNGo.screen.placesLeft', figures.placesLeft ?? 0))} testId="stopngo-places-left" />
          )}
        </div>
      )}
    </main>
  );
}

type Label = { lang: string; text: string };

const label = (voice: ScreenVoice, key: string, count?: number): Label => ({ lang: voice.lang, text: voice.t(key, count === undefined ? {} : { count }) });

function Figure({ value, labels, testId }: { value: number; labels: Label[]; testId: string }) {
  return (
    <div className={classes.figure} data-testid={testId}>
      <span className={classes.value}>{value}</span>
      <Labels labels={labels} />
    </div>
  );
}

/**
 * "48 / 40": inside first, left to right in every language (an Arabic screen would otherwise show
 * "40 / 48" and read "40 inside"), each figure with its own words under it, so the words cannot come in
 * the other order either.
 */
function InsideOfLimit({ inside, limit, insideLabels, limitLabels }: { inside: number; limit: number; insideLabels: Label[]; limitLabels: Label[] }) {
  return (
    <div className={classes.pair} dir="ltr" data-testid="stopngo-inside">
      <span className={`${classes.value} ${classes.inside}`} data-testid="stopngo-inside-value">
        {inside}
      </span>
      <span className={`${classes.value} ${classes.of}`} aria-hidden="true">
        /
      </span>
      <span className={`${classes.value} ${classes.of} ${classes.limit}`} data-testid="stopngo-screen-limit">
        {limit}
      </span>
      <Labels labels={insideLabels} className={classes.insideLabels} testId="stopngo-inside-labels" />
      <Labels labels={limitLabels} className={classes.limitLabels} testId="stopngo-limit-labels" />
    </div>
  );
}

function Labels({ labels, className, testId }: { labels: Label[]; className?: string; testId?: string }) {
  return (
    <span className={`${classes.labels} ${className ?? ''}`} data-testid={testId}>
      {labels.map((l, i) => (
        <span key={l.lang} className={i === 0 ? classes.label : classes.labelSecond} lang={l.lang} dir={dirOf(l.lang)}>
          {l.text}
        </span>
      ))}
    </span>
  );
}
