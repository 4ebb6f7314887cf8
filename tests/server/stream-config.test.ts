import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';

describe('the streams\' configuration', () => {
  it('STREAM_RELAY: off by default, `on` in DATA_DIR, a path as given; refused beside REDIS_URL or past a unix socket path\'s length', () => {
    expect(loadConfig({}).streamRelay).toBeUndefined();
    expect(loadConfig({ STREAM_RELAY: 'off' }).streamRelay).toBeUndefined();
    expect(loadConfig({ STREAM_RELAY: 'on', DATA_DIR: '/srv/brisk' }).streamRelay).toBe('/srv/brisk/stream-relay.sock');
    expect(loadConfig({ STREAM_RELAY: '/run/brisk/relay.sock' }).streamRelay).toBe('/run/brisk/relay.sock');
    expect(() => loadConfig({ STREAM_RELAY: 'on', REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(/exclude each other/);
    expect(() => loadConfig({ STREAM_RELAY: `/tmp/${'x'.repeat(100)}.sock` })).toThrow(/too long/);
  });

  it('STREAM_SLICE: 200 sockets by default, a count, or off', () => {
    expect(loadConfig({}).streamSlice).toBe(200);
    expect(loadConfig({ STREAM_SLICE: '50' }).streamSlice).toBe(50);
    expect(loadConfig({ STREAM_SLICE: 'OFF' }).streamSlice).toBe('off');
    expect(() => loadConfig({ STREAM_SLICE: '0' })).toThrow(/STREAM_SLICE/);
  });

  it('SIMULATOR_PACE: 1 by default, 0.1 to 50', () => {
    expect(loadConfig({}).simulatorPace).toBe(1);
    expect(loadConfig({ SIMULATOR_PACE: '6' }).simulatorPace).toBe(6);
    expect(loadConfig({ SIMULATOR_PACE: '0.25' }).simulatorPace).toBe(0.25);
    expect(() => loadConfig({ SIMULATOR_PACE: '0' })).toThrow(/SIMULATOR_PACE/);
    expect(() => loadConfig({ SIMULATOR_PACE: 'fast' })).toThrow(/SIMULATOR_PACE/);
  });
});
