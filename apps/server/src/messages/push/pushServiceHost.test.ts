import { describe, expect, it } from 'vitest';
import { KNOWN_PUSH_SERVICES, pushEndpointProblem } from './pushServiceHost.ts';

describe('a browser’s push endpoint', () => {
  it('is a known push service over https', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc:def', KNOWN_PUSH_SERVICES)).toBeNull();
    expect(pushEndpointProblem('https://updates.push.services.mozilla.com/wpush/v2/gAAA', KNOWN_PUSH_SERVICES)).toBeNull();
    expect(pushEndpointProblem('https://wns2-par02p.notify.windows.com/w/?token=x', KNOWN_PUSH_SERVICES)).toBeNull();
    expect(pushEndpointProblem('https://web.push.apple.com/QGuQyavX', KNOWN_PUSH_SERVICES)).toBeNull();
  });

  it('is refused anywhere else: internal addresses, look-alike hosts, plain http, not a URL', () => {
    expect(pushEndpointProblem('http://169.254.169.254/latest/meta-data/', KNOWN_PUSH_SERVICES)).toBe('unknownService');
    expect(pushEndpointProblem('http://127.0.0.1:5432/x', KNOWN_PUSH_SERVICES)).toBe('unknownService');
    expect(pushEndpointProblem('https://attacker.example/redirect', KNOWN_PUSH_SERVICES)).toBe('unknownService');
    expect(pushEndpointProblem('https://fcm.googleapis.com.attacker.example/x', KNOWN_PUSH_SERVICES)).toBe('unknownService');
    expect(pushEndpointProblem('https://evilfcm.googleapis.com.example/x', KNOWN_PUSH_SERVICES)).toBe('unknownService');
    expect(pushEndpointProblem('http://fcm.googleapis.com/fcm/send/abc', KNOWN_PUSH_SERVICES)).toBe('notHttps');
    expect(pushEndpointProblem('not a url', KNOWN_PUSH_SERVICES)).toBe('invalid');
  });

  it('may be a listed service of this machine over http (a test’s push service), not a listed remote one', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4100/push/ab', ['127.0.0.1'])).toBeNull();
    expect(pushEndpointProblem('http://push.internal.example/x', ['push.internal.example'])).toBe('notHttps');
  });
});
