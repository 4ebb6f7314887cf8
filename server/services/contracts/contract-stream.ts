import { userRoom, type StreamSink } from '../market-data/stream-sink.ts';
import type { ContractEvents } from './contract-events.ts';

/**
 * Forwards contract events to the user's private channel (the market streams' sink, room
 * "user:<uid>"): `risk` (live PnL and risk rates) and `option` (an option settled), each with its own
 * seq per user. Answers the unsubscribe function.
 */
export function forwardContractEvents(events: ContractEvents, sink: StreamSink): () => void {
  return events.subscribe((event) => {
    const room = userRoom(event.userId);
    if (!sink.hasAudience(room)) return;
    if (event.type === 'risk') sink.emit(room, 'risk', event.message);
    else sink.emit(room, 'option', event.message);
  });
}
