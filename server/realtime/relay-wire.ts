import type { Socket } from 'node:net';
import type { ClusterMessage, ClusterResponse } from 'socket.io-adapter';

/**
 * What travels on the stream relay's unix socket, one JSON object a line: a member's cluster
 * message for everyone (`m`), a response for one member (`to` + `m`), or a change of the stream
 * rooms a member holds (`add` / `remove`).
 */
export type RelayFrame =
  | { m: ClusterMessage; to?: undefined }
  | { m: ClusterResponse; to: string }
  | { add: string[]; remove: string[] };

/** A member whose unread output passes this is dropped: its sockets resync from snapshots once it is back. */
export const RELAY_BACKLOG_MAX_BYTES = 16 * 1024 * 1024;

/** Calls `onFrame` for every line that arrives on `socket`; a line that does not parse ends the connection. */
export function readFrames(socket: Socket, onFrame: (frame: RelayFrame) => void): void {
  let rest = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') continue;
      let frame: RelayFrame;
      try {
        frame = JSON.parse(line) as RelayFrame;
      } catch {
        socket.destroy(new Error('stream relay: a frame is not JSON'));
        return;
      }
      onFrame(frame);
    }
  });
}

/** Writes one line; false when the peer is too far behind and was dropped. */
export function writeLine(socket: Socket, line: string): boolean {
  if (socket.destroyed) return false;
  if (socket.writableLength > RELAY_BACKLOG_MAX_BYTES) {
    socket.destroy(new Error('stream relay: the peer is too far behind'));
    return false;
  }
  socket.write(line);
  return true;
}

export const frameLine = (frame: RelayFrame): string => `${JSON.stringify(frame)}\n`;
