import { useEffect, useMemo } from 'react';
import { useScreenStream } from './hooks/useScreenStream.ts';
import { useScreenTexts } from './hooks/useScreenTexts.ts';
import { ScreenView } from './screen/ScreenView.tsx';
import { screenModel } from './screen/screenModel.ts';
import { useDisplayDevice } from './hooks/useDisplayDevice.ts';

/**
 * The entrance screen, reached at /stop-n-go/screen#<secret> with no sign-in. The secret stays in
 * the fragment, which browsers never send to a server: it reaches ours only inside the stream's request.
 */
export default function ScreenPage() {
  const secret = useMemo(() => decodeURIComponent(window.location.hash.slice(1)) || null, []);
  const { display, link } = useScreenStream(secret);
  const model = screenModel(display, link, secret !== null);
  const voices = useScreenTexts(model.languages);
  useDisplayDevice();
  const [first] = voices;
  useEffect(() => {
    if (first) document.title = first.t('stopNGo.screen.pageTitle');
  }, [first]);
  return <ScreenView model={model} voices={voices} />;
}
