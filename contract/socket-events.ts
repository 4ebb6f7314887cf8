/** Socket.io event maps both sides compile (path /socket.io). Streams are added by later issues. */

export interface HelloPayload {
  /** The server's version, so a client can tell it is talking to a newer build. */
  version: string;
  /** Server time, ISO-8601 UTC, for clock-skew display. */
  server_time: string;
}

export interface ServerToClientEvents {
  hello: (payload: HelloPayload) => void;
}

/** Nothing is sent by clients yet. */
export type ClientToServerEvents = Record<string, never>;
