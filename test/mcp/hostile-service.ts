/**
 * A service we did not write, for `loyalty mcp` to meet: the reference server behind a proxy
 * that changes its answers (echoes the API key, nests JSON 100,000 deep) as a test says.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export interface Asked {
  method: string;
  /** The path and query as sent, e.g. `/ext/v3/clientes/cli_0001?help=true`. */
  url: string;
  /** The `apikey` header the proxy received. */
  key: string;
}

/** What the proxy answers instead of `answer`, the reference server's. */
export type Change = (asked: Asked, answer: Answer) => Answer;

/** The headers the SDK reads from an answer, passed through as they came. */
const KEPT = ['idempotent-replayed', 'retry-after', 'x-request-id'];

/** A proxy to `upstream` (a reference server's base URL) that answers through `change`; closed after the file's tests. */
export async function hostileService(upstream: string, change: Change): Promise<string> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const upstreamAnswer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body });
    const answer = change(
      { method: req.method ?? 'GET', url: req.url ?? '/', key: headers.apikey ?? '' },
      {
        status: upstreamAnswer.status,
        contentType: upstreamAnswer.headers.get('content-type') ?? 'application/json',
        body: await upstreamAnswer.text(),
      },
    );
    const kept = Object.fromEntries(
      KEPT.flatMap((name) => {
        const value = upstreamAnswer.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    );
    res.writeHead(answer.status, { ...kept, 'content-type': answer.contentType });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `[[[...]]]` nested `depth` arrays deep, as JSON text. */
export const nestedJson = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** An answer's envelope, as loosely as a proxy that rewrites it needs. */
export interface Envelope {
  msj?: string;
  data?: unknown;
  meta?: Record<string, unknown>;
}

/** The envelope of a JSON answer with `edit` applied to it (parsed and written again). */
export function editedEnvelope(answer: Answer, edit: (envelope: Envelope) => void): Answer {
  if (!answer.contentType.includes('json')) return answer;
  const envelope = JSON.parse(answer.body) as Envelope;
  edit(envelope);
  return { ...answer, body: JSON.stringify(envelope) };
}
