import type { SessionRevoked } from '../services/session-service.ts';
import type { Log } from '../services/service-context.ts';
import type { RealtimeServer } from './realtime-server.ts';

type Session = { userId: number; expiresAtMs: number };

export interface GatewayAnswers {
  lookupSession(token: string): Promise<Session | null>;
  symbols(): string[];
  onRevoked(listener: (revoked: SessionRevoked) => void): () => void;
}

/**
 * The engine process's side of what its stream gateways ask through the relay: session lookups for
 * the user channel, the symbols a subscription may name, and its sessions' revocations (a logout
 * closes the user channel on every gateway at once). Answers its stop.
 */
export function answerGateways(io: RealtimeServer, answers: GatewayAnswers, log: Log): () => void {
  io.on('sessionLookup', (token, ack) => {
    answers.lookupSession(token).then((session) => ack({ session }), (error: unknown) => {
      log.warn({ err: error }, 'session lookup for a gateway failed');
      ack(null);
    });
  });
  io.on('streamSymbols', (ack) => ack(answers.symbols()));
  return answers.onRevoked((revoked) => io.serverSideEmit('sessionRevoked', revoked));
}

/** A gateway answers the other gateways' requests with null, so none waits for a timeout. */
export function answerNothing(io: RealtimeServer): void {
  io.on('sessionLookup', (_token, ack) => ack(null));
  io.on('streamSymbols', (ack) => ack(null));
}

async function ask<T>(request: () => Promise<(T | null)[]>): Promise<T | null> {
  let answers: (T | null)[];
  try {
    answers = await request();
  } catch (error) {
    // A timeout still carries the answers that did arrive.
    answers = (error as { responses?: (T | null)[] }).responses ?? [];
  }
  return answers.find((a): a is T => a !== null && a !== undefined) ?? null;
}

/** A session looked up by the engine process; throws when it did not answer (the caller retries). */
export async function remoteSession(io: RealtimeServer, token: string): Promise<Session | null> {
  const answer = await ask(() => io.serverSideEmitWithAck('sessionLookup', token));
  if (!answer) throw new Error('no session answer from the engine process');
  return answer.session;
}

/** The symbols the engine process streams; null when it did not answer. */
export function remoteSymbols(io: RealtimeServer): Promise<string[] | null> {
  return ask(() => io.serverSideEmitWithAck('streamSymbols'));
}
