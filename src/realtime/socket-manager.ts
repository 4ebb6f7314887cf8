import { io, type Socket } from 'socket.io-client';
import { $socketStatus } from '../stores/socket-status.ts';

/** Section 7: websocket then polling, reconnect delay 1 s rising to 5 s, connect timeout 20 s. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'] as ('websocket' | 'polling')[],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
} as const;

let socket: Socket | undefined;

/** The one connection the app holds; screens subscribe through it (markets issue adds streams). */
export function connectSocket(): Socket {
  if (socket) return socket;
  socket = io(location.origin, SOCKET_OPTIONS);
  socket.on('connect', () => $socketStatus.set('live'));
  socket.io.on('reconnect_attempt', () => $socketStatus.set('reconnecting'));
  socket.on('disconnect', () => $socketStatus.set(navigator.onLine ? 'reconnecting' : 'offline'));
  socket.io.on('reconnect_failed', () => $socketStatus.set('offline'));
  // socket.io backs off up to 5 s between attempts; when the device says the network is back, try
  // at once instead of waiting out the delay. Offline, say so rather than "reconnecting".
  addEventListener('online', () => {
    if (socket && !socket.connected) socket.connect();
  });
  addEventListener('offline', () => {
    if (socket && !socket.connected) $socketStatus.set('offline');
  });
  return socket;
}
