import type { ForwardedEvent, ToWorker } from './socket-protocol.ts';

/**
 * What the page has told the socket worker that still holds, so that a worker started again (the
 * first one's script failed to load on a flaky network) can be told it all at once: the connect,
 * each subscription and tickers hold not yet released, the events listened to, and the latest
 * shown, interest, row format and network word. Messages that are done (a released hold) leave no trace.
 */
export class WorkerReplay {
  private connect: ToWorker | undefined;
  private readonly subscriptions = new Map<number, ToWorker>();
  private readonly tickerHolds = new Map<number, ToWorker>();
  private readonly listening = new Map<ForwardedEvent, ToWorker>();
  /** The latest of each message that replaces the one before it. */
  private readonly latest = new Map<'shown' | 'interest' | 'rowFormat' | 'network', ToWorker>();

  record(message: ToWorker): void {
    switch (message.type) {
      case 'connect':
        this.connect = message;
        return;
      case 'subscribe':
        this.subscriptions.set(message.id, message);
        return;
      case 'unsubscribe':
        this.subscriptions.delete(message.id);
        return;
      case 'tickers':
        if (message.hold) this.tickerHolds.set(message.id, message);
        else this.tickerHolds.delete(message.id);
        return;
      case 'listen':
        if (message.on) this.listening.set(message.event, message);
        else this.listening.delete(message.event);
        return;
      case 'online':
      case 'offline':
        this.latest.set('network', message);
        return;
      default:
        this.latest.set(message.type, message);
    }
  }

  /** The messages that bring a new worker to where the last one was told to be, in an order it accepts. */
  messages(): ToWorker[] {
    const { connect, latest } = this;
    const pick = (key: 'shown' | 'interest' | 'rowFormat' | 'network'): ToWorker[] => {
      const message = latest.get(key);
      return message ? [message] : [];
    };
    // Shown before connect, as the first worker heard it; the row format before any quote can come.
    return [
      ...pick('shown'),
      ...(connect ? [connect] : []),
      ...pick('network'),
      ...pick('rowFormat'),
      ...pick('interest'),
      ...this.listening.values(),
      ...this.subscriptions.values(),
      ...this.tickerHolds.values(),
    ];
  }
}
