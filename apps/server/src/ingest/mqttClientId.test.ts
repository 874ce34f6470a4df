import { describe, expect, it } from 'vitest';
import { mqttClientId } from './mqttIngest.ts';

// Two web processes on one host (issue 31's two-web layout) must not share an MQTT session: the
// broker drops the older connection of an id, and the two would take it from each other forever.
describe('the MQTT client id', () => {
  it('differs for two processes on one host and stays the same across a restart', () => {
    expect(mqttClientId({ PORT: 3000 }, 'web-1')).toBe('sitelens-ingest-web-1-3000');
    expect(mqttClientId({ PORT: 3001 }, 'web-1')).not.toBe(mqttClientId({ PORT: 3000 }, 'web-1'));
    expect(mqttClientId({ PORT: 3000 }, 'web-1')).toBe(mqttClientId({ PORT: 3000 }, 'web-1'));
  });

  it('is MQTT_CLIENT_ID when set', () => {
    expect(mqttClientId({ PORT: 3000, MQTT_CLIENT_ID: 'gateway-a' }, 'web-1')).toBe('gateway-a');
  });
});
