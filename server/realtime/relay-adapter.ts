import type { Namespace } from 'socket.io';
import { ClusterAdapterWithHeartbeat, type ClusterMessage, type ClusterResponse } from 'socket.io-adapter';

/** One member's way to the others: through the engine process's hub (relay-hub.ts). */
export interface RelayLink {
  /** To every other member. */
  publish(message: ClusterMessage): void;
  /** To the member whose adapter has this uid. */
  respond(toUid: string, response: ClusterResponse): void;
  /** The stream rooms this member's sockets are in changed (the hub sends a room's broadcasts only to members in it). */
  rooms(added: string[], removed: string[]): void;
}

/** The hub and its members trade heartbeats every 2 s; a member silent for 6 s is gone (its requests stop waiting for it). */
export const RELAY_HEARTBEAT_MS = 2_000;
const RELAY_NODE_TIMEOUT_MS = 6_000;

/**
 * Stream rooms, as opposed to the room of its own id each socket is in: the stream keys of
 * contract/socket-events.ts ("tickers", "depth:BTC/USDT", ... "user:12"). Socket ids never hold ":".
 */
export const isStreamRoom = (room: string): boolean => room === 'tickers' || room.includes(':');

/**
 * socket.io's cluster adapter over the stream relay: the engine process and its gateways share
 * rooms, broadcasts and server-side requests (snapshots, session lookups) as processes on Redis do,
 * through a unix socket instead. socket.io-adapter's ClusterAdapterWithHeartbeat does the protocol;
 * this only moves its messages and tells the hub which stream rooms it holds.
 */
export class RelayAdapter extends ClusterAdapterWithHeartbeat {
  constructor(nsp: Namespace, private readonly link: RelayLink) {
    super(nsp, { heartbeatInterval: RELAY_HEARTBEAT_MS, heartbeatTimeout: RELAY_NODE_TIMEOUT_MS });
    this.on('create-room', (room: string) => isStreamRoom(room) && this.link.rooms([room], []));
    this.on('delete-room', (room: string) => isStreamRoom(room) && this.link.rooms([], [room]));
  }

  /** This member's id in cluster messages. */
  get id(): string {
    return this.uid;
  }

  /** The stream rooms with a socket here (sent again after the link reconnects). */
  streamRooms(): string[] {
    return [...this.rooms.keys()].filter(isStreamRoom);
  }

  /** A message or response from another member. */
  receive(message: ClusterMessage | ClusterResponse): void {
    // ClusterAdapter tells responses from messages by their type.
    this.onMessage(message as ClusterMessage);
  }

  /** Tells the others this member is here (they count it in server-side requests from now on). */
  announce(): void {
    this.init();
  }

  protected override doPublish(message: ClusterMessage): Promise<string> {
    this.link.publish(message);
    return Promise.resolve('');
  }

  protected override doPublishResponse(requesterUid: string, response: ClusterResponse): Promise<void> {
    this.link.respond(requesterUid, response);
    return Promise.resolve();
  }
}
