/**
 * The Redis clients the SDK takes: an ioredis client (`new Redis(url)`) or a node-redis client
 * (`await createClient({ url }).connect()`), already made by the integrator. Typed by the one
 * method the SDK calls on each, so that neither package is needed for the declarations.
 */
export type RedisClient =
  | { call(command: string, ...args: string[]): Promise<unknown> }
  | { sendCommand(args: string[]): Promise<unknown> };

type RedisKind = 'ioredis' | 'node-redis';

/** How the SDK sends a command to the integrator's client. */
export interface RedisCommands {
  readonly kind: RedisKind;
  send(args: readonly string[]): Promise<unknown>;
}

/** The client's kind and a way to send it commands; a value that is neither client is refused. */
export function redisCommands(redis: unknown, what: string): RedisCommands {
  const client = redis as Partial<Record<'call' | 'sendCommand', (...args: unknown[]) => Promise<unknown>>>;
  if (typeof redis === 'object' && redis !== null) {
    // ioredis has both methods (its sendCommand takes a Command object); node-redis has no `call`.
    if (typeof client.call === 'function') {
      const call = client.call.bind(redis);
      return { kind: 'ioredis', send: ([command, ...args]) => call(command, ...args) };
    }
    if (typeof client.sendCommand === 'function') {
      const sendCommand = client.sendCommand.bind(redis);
      return { kind: 'node-redis', send: (args) => sendCommand([...args]) };
    }
  }
  throw new TypeError(
    `${what} needs redis: an ioredis client (new Redis(url)) or a connected node-redis client (await createClient({ url }).connect())`,
  );
}
