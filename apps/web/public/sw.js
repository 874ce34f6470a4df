/* global self, URL */
// Sitelens service worker: shows the Web Push notifications the server sends (alerts and others)
// and opens their page when one is clicked. It caches nothing: the app always loads from the server.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const lang = typeof message.lang === 'string' ? message.lang : undefined;
  event.waitUntil(
    self.registration.showNotification(message.title || 'Sitelens', {
      body: message.body || '',
      tag: message.tag,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      icon: '/favicon.svg',
      data: { url: message.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only a page of this site opens: a payload cannot send the user elsewhere.
  const target = wanted.origin === self.location.origin ? wanted.href : `${self.location.origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
