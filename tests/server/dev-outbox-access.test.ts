import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevOutboxMessage } from '../../contract/api/account.ts';
import { loadConfig } from '../../server/src/config.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * A code read from the dev outbox resets that account's password, so the outbox must never answer
 * the public: it is on only where nobody else can reach the server, and answers only callers on the
 * machine itself, never one relayed by a reverse proxy.
 */
describe('the dev outbox', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a caller on this machine', async () => {
    await t.ok('/api/sms_mail', { data: { user_string: 'local@example.com', scene: 'register' } });
    const messages = await t.ok<DevOutboxMessage[]>('/api/dev/outbox', { method: 'GET', data: { to: 'local@example.com' } });
    expect(messages[0]?.code).toMatch(/^\d{6}$/);
  });

  it('refuses a request relayed by a proxy, whichever forwarding header it carries', async () => {
    await t.ok('/api/sms_mail', { data: { user_string: 'relayed@example.com', scene: 'register' } });
    const relayed: Record<string, string>[] = [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }];
    for (const headers of relayed) {
      const answer = await t.api<DevOutboxMessage[]>('/api/dev/outbox', { method: 'GET', data: { to: 'relayed@example.com' }, headers });
      expect(answer.body).toMatchObject({ type: 'error', code: 'COMMON.NOT_FOUND' });
      expect(JSON.stringify(answer.body)).not.toMatch(/\d{6}/);
    }
  });
});

describe('DEV_OUTBOX', () => {
  it('is on by default only for a server that listens on loopback and trusts no proxy', () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).devOutbox).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).devOutbox).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'on' }).devOutbox).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
    expect(() => loadConfig({ DEV_OUTBOX: 'maybe' })).toThrow(/DEV_OUTBOX/);
  });

  it('off: codes still go out (to the log), and no route reads them', async () => {
    const t = await startTestServer({ devOutbox: false });
    try {
      const sent = await t.api('/api/sms_mail', { data: { user_string: 'quiet@example.com', scene: 'register' } });
      expect(sent.body).toMatchObject({ type: 'ok' });
      const answer = await t.api('/api/dev/outbox', { method: 'GET', data: { to: 'quiet@example.com' } });
      expect(answer.body.type).toBe('error');
      expect(JSON.stringify(answer.body)).not.toMatch(/\d{6}/);
    } finally {
      await t.close();
    }
  });
});
