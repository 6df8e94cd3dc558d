// @ts-check
// Every error class the SDK throws, provoked on purpose, caught, and answered the way an
// integration would answer it. `whatToDo` below is the part to copy: one instanceof chain,
// most specific class first.
//
// This example always runs against servers it starts itself (a reference server, an in-process
// one with a tiny rate limit, a server that never answers, one that always fails): provoking 401,
// 403, 409, 422 and 429 on purpose is not something to do to a real service.
//
// Run: node examples/error-handling.mjs
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { inspect } from 'node:util';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  LoyaltyAbortError,
  LoyaltyApiError,
  LoyaltyClient,
  LoyaltyConnectionError,
  LoyaltyError,
  LoyaltyTimeoutError,
  LoyaltyValidationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from 'loyalty-sdk';
import {
  createReferenceServer,
  createTestClient,
  DEMO_API_KEY,
  DEMO_READ_ONLY_API_KEY,
} from 'loyalty-sdk/server';
import { retryLogger } from './lib/target.mjs';

/**
 * What an integration does with each failure. Order matters: subclasses before their parents.
 * @param {unknown} error
 * @returns {string}
 */
function whatToDo(error) {
  if (error instanceof LoyaltyValidationError) {
    const where = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    return `fix the input (${where}); nothing was sent, so nothing to undo or retry`;
  }
  if (error instanceof BadRequestError) {
    return `the service rejected what the SDK accepted: log error.details and requestId ${error.requestId}, do not retry, check the SDK version`;
  }
  if (error instanceof AuthenticationError) {
    return 'the key is wrong, revoked or missing: alert operations, check LOYALTY_API_KEY, do not retry';
  }
  if (error instanceof PermissionDeniedError) {
    return `ask for the scope ${error.requiredScope} on this key; do not retry until it is granted`;
  }
  if (error instanceof NotFoundError) {
    return 'the customer (or task, promotion) does not exist: treat it as data, e.g. create the customer first';
  }
  if (error instanceof ConflictError) {
    return `the Idempotency-Key ${error.idempotencyKey} stands for another request: derive keys from everything that makes the request unique`;
  }
  if (error instanceof UnprocessableEntityError) {
    return `a business rule said no (${JSON.stringify(error.legacy)}): show it to the user or your back office; retrying changes nothing`;
  }
  if (error instanceof RateLimitError) {
    return `still limited after the SDK's retries: schedule the job again in ${error.retryAfterMs} ms`;
  }
  if (error instanceof InternalServerError) {
    return `the service failed even after retries: retry later with key ${error.idempotencyKey ?? '(read: none needed)'} and report requestId ${error.requestId}`;
  }
  if (error instanceof LoyaltyTimeoutError) {
    return error.idempotencyKey
      ? `no answer in time, the write may have been applied: retry later with the same key ${error.idempotencyKey}`
      : 'no answer in time: a read, safe to retry later (or raise timeoutMs)';
  }
  if (error instanceof LoyaltyConnectionError) {
    return error.idempotencyKey
      ? `unreachable even after the SDK's retries: retry later with the same key ${error.idempotencyKey}`
      : "unreachable even after the SDK's retries: a read, safe to retry later";
  }
  if (error instanceof LoyaltyAbortError) {
    return 'your own signal stopped the call (shutdown, user cancel): nothing more is sent; no alert needed';
  }
  if (error instanceof LoyaltyApiError)
    return `unexpected status ${error.status}: log it with ${error.requestId}`;
  if (error instanceof LoyaltyError) return `SDK misuse: ${error.message}`;
  return 'not from the SDK: let it propagate';
}

/** @type {{ expected: string, caught: string, error: unknown }[]} */
const results = [];

/**
 * Runs `call`, which must fail with `expected`, and prints what happened and what to do.
 * @param {string} title
 * @param {Function} expected an error class
 * @param {() => Promise<unknown>} call
 * @returns {Promise<any>} the error
 */
async function scenario(title, expected, call) {
  console.log(`\n${results.length + 1}. ${expected.name}: ${title}`);
  try {
    await call();
  } catch (error) {
    const name = error instanceof Error ? error.name : String(error);
    console.log(`   caught ${name}: ${error instanceof Error ? error.message : ''}`);
    console.log(`   what to do: ${whatToDo(error)}`);
    results.push({ expected: expected.name, caught: name, error });
    assert.ok(error instanceof expected, `expected ${expected.name}, got ${name}`);
    assert.equal(name, expected.name, 'the most specific class');
    return error;
  }
  assert.fail(`${title}: expected ${expected.name}, but the call succeeded`);
}

/**
 * A local HTTP server for the failures a reference server does not produce.
 * @param {import('node:http').RequestListener} listener
 */
async function localServer(listener) {
  const server = createServer(listener);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  /** @type {{ url: string, requests: number, close: () => Promise<void> }} */
  const handle = {
    url: `http://127.0.0.1:${port}`,
    requests: 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
  server.on('request', () => {
    handle.requests++;
  });
  return handle;
}

const reference = createReferenceServer();
const baseUrl = await reference.listen({ port: 0 });
console.log(`Started the reference server at ${baseUrl}`);
// Answers nothing, ever: for timeouts and aborts.
const stalled = await localServer(() => {});
// Always fails with a 500 envelope.
const broken = await localServer((_req, res) => {
  res
    .writeHead(500, { 'content-type': 'application/json' })
    .end(
      JSON.stringify({ codigoRespuesta: 9500, msj: 'Error interno', meta: { requestId: 'req-500-demo' } }),
    );
});
// A port where nothing listens: open one, remember it, close it.
const closed = await localServer(() => {});
await closed.close();

const client = new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl });
try {
  // Input the SDK refuses before sending: no request leaves the process.
  const auditBefore = reference.admin.audit().length;
  await scenario('20000 points in one call (the limit is 10000)', LoyaltyValidationError, () =>
    client.clientes.puntos.add('cli_0001', { puntos: 20_000 }),
  );
  assert.equal(reference.admin.audit().length, auditBefore, 'nothing was sent');

  // The SDK checks every rule before sending, so a 400 means the bytes that reached the service
  // are not what the SDK checked (a middlebox rewrote them, or the service's rules changed). A
  // fetch wrapper that rewrites the body stands in for that.
  const mangling = new LoyaltyClient({
    apiKey: DEMO_API_KEY,
    baseUrl,
    fetch: (url, init) =>
      globalThis.fetch(url, { ...init, body: JSON.stringify({ puntos: 'cien', motivo: 'mangled' }) }),
  });
  const badRequest = await scenario('the body was altered on its way', BadRequestError, () =>
    mangling.clientes.puntos.add('cli_0001', { puntos: 100 }),
  );
  console.log(`   details: ${JSON.stringify(badRequest.details)}`);

  await scenario('an API key the service does not know', AuthenticationError, () =>
    new LoyaltyClient({ apiKey: 'lk_not_a_real_key', baseUrl }).tareas.list(),
  );

  await scenario('a read-only key adding points', PermissionDeniedError, () =>
    new LoyaltyClient({ apiKey: DEMO_READ_ONLY_API_KEY, baseUrl }).clientes.puntos.add('cli_0001', {
      puntos: 10,
    }),
  );

  await scenario('a customer that does not exist', NotFoundError, () => client.clientes.retrieve('cli_9999'));

  const key = `refund-${Date.now()}`;
  await client.clientes.puntos.add('cli_0002', { puntos: 10, motivo: 'Goodwill' }, { idempotencyKey: key });
  await scenario('one Idempotency-Key, two different bodies', ConflictError, () =>
    client.clientes.puntos.add('cli_0002', { puntos: 20, motivo: 'Goodwill' }, { idempotencyKey: key }),
  );

  const saldo = reference.admin.customer('cli_0001')?.puntos ?? 0;
  const unprocessable = await scenario(
    `removing 5000 points from a balance of ${saldo}`,
    UnprocessableEntityError,
    () => client.clientes.puntos.add('cli_0001', { puntos: -5_000, motivo: 'Return' }),
  );
  assert.equal(unprocessable.legacy?.codigo, 'SALDO_INSUFICIENTE');

  // In process (createTestClient: no port), with a rate limit of 2 requests a minute. The service
  // asks to wait ~60 s, more than this client's maxRetryAfterMs, so the SDK hands the decision back.
  const limited = await createTestClient({
    limits: { rateLimit: { limit: 2, windowMs: 60_000 } },
    client: { maxRetryAfterMs: 2_000 },
  });
  await limited.client.tareas.list();
  await limited.client.tareas.list();
  const rateLimited = await scenario('a third request in a window of two', RateLimitError, () =>
    limited.client.tareas.list(),
  );
  assert.ok(rateLimited.retryAfterMs > 2_000);

  // 5xx is retried (here once), then thrown.
  await scenario('a service that keeps failing with 500', InternalServerError, () =>
    new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl: broken.url,
      maxRetries: 1,
      logger: retryLogger,
      logLevel: 'info',
    }).clientes.puntos.add('cli_0001', { puntos: 10 }),
  );
  assert.equal(broken.requests, 2, 'one attempt and one retry');

  const unreachable = await scenario('nothing listens on the port', LoyaltyConnectionError, () =>
    new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl: closed.url,
      maxRetries: 1,
      logger: retryLogger,
      logLevel: 'info',
    }).clientes.puntos.add('cli_0001', { puntos: 10 }, { idempotencyKey: 'order-77-points' }),
  );
  assert.equal(unreachable.idempotencyKey, 'order-77-points');

  await scenario('a server that never answers, timeoutMs 300', LoyaltyTimeoutError, () =>
    new LoyaltyClient({
      apiKey: DEMO_API_KEY,
      baseUrl: stalled.url,
      timeoutMs: 300,
      maxRetries: 0,
    }).tareas.list(),
  );

  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  await scenario('the caller aborts after 100 ms', LoyaltyAbortError, () =>
    new LoyaltyClient({ apiKey: DEMO_API_KEY, baseUrl: stalled.url }).tareas.list({
      signal: controller.signal,
    }),
  );

  // Every class is a LoyaltyError, and none of them shows the key.
  console.log(`\nHandled ${results.length} failures, each with its own class:`);
  for (const { caught } of results) console.log(`  - ${caught}`);
  assert.equal(new Set(results.map((result) => result.caught)).size, results.length);
  for (const { error } of results) {
    assert.ok(error instanceof LoyaltyError, 'everything the SDK throws is a LoyaltyError');
    const shown = `${String(error)} ${JSON.stringify(error)} ${inspect(error)}`;
    for (const key of [DEMO_API_KEY, DEMO_READ_ONLY_API_KEY, 'lk_not_a_real_key']) {
      assert.ok(!shown.includes(key), 'no error shows an API key');
    }
  }
  console.log('All of them are LoyaltyErrors, and none shows an API key (message, toJSON, inspect).');
} finally {
  await Promise.all([reference.close(), stalled.close(), broken.close()]);
}
