import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** What one session keeps for a client that reconnects its stream: the latest messages, so few and small. */
const EVENT_LIMITS = { count: 32, bytes: 64 * 1024 } as const;

interface StoredEvent {
  id: EventId;
  streamId: StreamId;
  message: JSONRPCMessage;
  bytes: number;
}

/**
 * The server messages of one session's SSE streams, each with an event id, so a client that
 * reconnects with `Last-Event-ID` gets what it missed. Bounded: past `count` messages or `bytes`
 * of them the oldest go (a client away that long gets what is left). An id names its stream
 * (`<stream>.<n>`), so a reconnect with an id already dropped still resumes the right stream.
 */
export class BoundedEventStore implements EventStore {
  readonly #events: StoredEvent[] = [];
  #bytes = 0;
  #next = 0;

  constructor(private readonly limits: { count: number; bytes: number } = EVENT_LIMITS) {}

  /** The number of events and their bytes held now. */
  get held(): { count: number; bytes: number } {
    return { count: this.#events.length, bytes: this.#bytes };
  }

  /** Synchronous, so a stream can be primed before its first byte goes out. */
  store(streamId: StreamId, message: JSONRPCMessage): EventId {
    this.#next += 1;
    const id = `${streamId}.${this.#next}`;
    const bytes = JSON.stringify(message).length;
    this.#events.push({ id, streamId, message, bytes });
    this.#bytes += bytes;
    while (this.#events.length > this.limits.count || this.#bytes > this.limits.bytes) {
      const dropped = this.#events.shift();
      if (dropped === undefined) break;
      this.#bytes -= dropped.bytes;
    }
    return id;
  }

  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    return this.store(streamId, message);
  }

  async getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return streamOf(eventId);
  }

  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const streamId = streamOf(lastEventId);
    if (streamId === undefined) throw new Error('Not an event id of this server');
    const after = sequenceOf(lastEventId);
    for (const event of this.#events.slice()) {
      // The priming events carry no message: nothing to replay of them.
      if (event.streamId !== streamId || sequenceOf(event.id) <= after || isEmpty(event.message)) continue;
      await send(event.id, event.message);
    }
    return streamId;
  }
}

function streamOf(eventId: EventId): StreamId | undefined {
  const dot = eventId.lastIndexOf('.');
  if (dot <= 0 || !/^\d+$/.test(eventId.slice(dot + 1))) return undefined;
  return eventId.slice(0, dot);
}

const sequenceOf = (eventId: EventId): number => Number(eventId.slice(eventId.lastIndexOf('.') + 1));

const isEmpty = (message: JSONRPCMessage): boolean => Object.keys(message).length === 0;
