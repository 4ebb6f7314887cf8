/** Section 7: websocket then polling, reconnect delay 1 s rising to 5 s, connect timeout 20 s. */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket', 'polling'] as ('websocket' | 'polling')[],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  timeout: 20_000,
} as const;
