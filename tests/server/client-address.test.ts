import Fastify from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../server/realtime/client-address.ts';

/**
 * socket.io's limits must key on the address the HTTP API's rate limit keys on: Fastify's
 * request.ip under the same TRUST_PROXY. Both are asked about the same request.
 */
async function bothAnswers(trustProxy: boolean, remoteAddress: string, forwardedFor: string | undefined): Promise<{ fastify: string; ours: string }> {
  const app = Fastify({ trustProxy });
  app.get('/ip', (request) => ({ fastify: request.ip, ours: clientAddress(request.raw, trustProxy) }));
  try {
    const response = await app.inject({ method: 'GET', url: '/ip', remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } });
    return response.json<{ fastify: string; ours: string }>();
  } finally {
    await app.close();
  }
}

const PIECES = ['203.0.113.7', '198.51.100.1', '2001:db8::1', '::ffff:10.0.0.1', 'unknown', ' ', '\t', ',', ', ', ''];
const header = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((parts) => parts.join(''));

describe('clientAddress', () => {
  it('takes the leftmost X-Forwarded-For entry with TRUST_PROXY on, and ignores the header with it off', async () => {
    expect(await bothAnswers(true, '127.0.0.1', ' 203.0.113.7 , 10.0.0.2')).toEqual({ fastify: '203.0.113.7', ours: '203.0.113.7' });
    expect(await bothAnswers(false, '127.0.0.1', '203.0.113.7')).toEqual({ fastify: '127.0.0.1', ours: '127.0.0.1' });
  });

  it("agrees with Fastify's request.ip on any X-Forwarded-For, with TRUST_PROXY on or off", async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.constantFrom('127.0.0.1', '::1'), fc.option(header, { nil: undefined }), async (trustProxy, remote, forwardedFor) => {
        const { fastify, ours } = await bothAnswers(trustProxy, remote, forwardedFor);
        expect(ours).toBe(fastify);
      }),
      { numRuns: 200 },
    );
  });
});
