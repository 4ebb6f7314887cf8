import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/socket-events.ts';

/** The typed socket.io server (contract/socket-events.ts). */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;
