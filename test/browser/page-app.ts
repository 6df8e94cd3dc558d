/**
 * The page's own script, as a web developer writes it: it imports `loyalty-sdk` (bundled from the
 * built package by page-bundle.ts) and offers what the tests run in the page, each returning
 * plain data that crosses back to the test.
 */
import { LoyaltyClient, LoyaltyError, NotFoundError } from 'loyalty-sdk';

export interface Connection {
  apiKey: string;
  baseUrl: string;
}

export interface ErrorSeen {
  name: string;
  message: string;
  isLoyaltyError: boolean;
  isNotFoundError: boolean;
  status: number | undefined;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorSeen };

function seen(error: unknown): ErrorSeen {
  const { name, message, status } = error as { name?: unknown; message?: unknown; status?: unknown };
  return {
    name: String(name),
    message: String(message),
    isLoyaltyError: error instanceof LoyaltyError,
    isNotFoundError: error instanceof NotFoundError,
    status: typeof status === 'number' ? status : undefined,
  };
}

async function outcome<T>(run: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: seen(error) };
  }
}

const allowed = ({ apiKey, baseUrl }: Connection) =>
  new LoyaltyClient({ apiKey, baseUrl, dangerouslyAllowBrowser: true, maxRetries: 0, logLevel: 'off' });

export const pageApp = {
  /** A client made the usual way, without dangerouslyAllowBrowser. */
  construct: ({ apiKey, baseUrl }: Connection) =>
    outcome(() => {
      new LoyaltyClient({ apiKey, baseUrl });
      return 'made';
    }),

  retrieve: (connection: Connection, uid: string) =>
    outcome(() => allowed(connection).clientes.retrieve(uid)),

  /** The same write twice: the second time with the Idempotency-Key the SDK made for the first. */
  addPointsTwice: (connection: Connection, uid: string, puntos: number) =>
    outcome(async () => {
      const client = allowed(connection);
      const first = await client.clientes.puntos.add(uid, { puntos }).withResponse();
      const again = await client.clientes.puntos
        .add(uid, { puntos }, { idempotencyKey: first.idempotencyKey })
        .withResponse();
      return {
        keys: [first.idempotencyKey, again.idempotencyKey],
        // null, not undefined: what the page returns crosses to the test as JSON.
        replayed: [
          first.headers['idempotent-replayed'] ?? null,
          again.headers['idempotent-replayed'] ?? null,
        ],
        data: [first.data, again.data],
      };
    }),
};

export type PageApp = typeof pageApp;

(globalThis as { loyaltyPage?: PageApp }).loyaltyPage = pageApp;
