import { atom } from 'nanostores';

/** The one socket's state, shown to the user: live, reconnecting, or offline. */
export type SocketStatus = 'idle' | 'live' | 'reconnecting' | 'offline';
export const $socketStatus = atom<SocketStatus>('idle');

/** Whether the socket is down: what a stream gave is no longer live. */
export const socketDown = (status: SocketStatus): boolean => status === 'reconnecting' || status === 'offline';
