// The sales file pre-check, off the page's thread (a Web Worker the page stops when its time is up).
import { checkSalesFile } from './checkSalesFile.ts';

self.onmessage = (event: MessageEvent<{ file: File; now: number }>) => {
  void checkSalesFile(event.data.file, event.data.now).then(
    (result) => self.postMessage(result),
    () => self.postMessage({ ok: false, reason: 'unreadable' }),
  );
};
