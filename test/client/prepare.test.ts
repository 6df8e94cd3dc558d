import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../src/client/call-context.js';
import { resolveClientOptions } from '../../src/client/options.js';
import { NO_OPTIONS, prepareCall, prepareHelpCall } from '../../src/client/prepare.js';
import { DEFAULT_RETRY_POLICY } from '../../src/client/retry.js';
import { LoyaltyError, LoyaltyValidationError, type RequestOptions } from '../../src/index.js';
import type { Operation } from '../../src/operations/table.js';
import { tableOperation } from '../../src/operations/table.js';
import { UUID_V4 } from '../support/stub-server.js';

const clientesPuntosAdd: Operation = tableOperation('clientes.puntos.add');
const clientesRetrieve: Operation = tableOperation('clientes.retrieve');
const gruposNombreSet: Operation = tableOperation('grupos.nombre.set');
const tareasList: Operation = tableOperation('tareas.list');

const KEY = 'prepare-test-key-0123456789';

function defaultsWith(
  client: Parameters<typeof resolveClientOptions>[0] = {},
): Pick<CallContext, 'options' | 'policy'> {
  const options = resolveClientOptions({
    apiKey: KEY,
    baseUrl: 'https://api.example.test/gateway',
    ...client,
  });
  return { options, policy: { ...DEFAULT_RETRY_POLICY, maxRetries: options.maxRetries } };
}

const defaults = defaultsWith();
const pointsInput = { params: { uid: 'a/b' }, body: { puntos: 5, motivo: 'bono' } };

describe('prepareCall: what every attempt of a call sends, fixed before the first', () => {
  it('puts the base path, the encoded path parameters and the query in the path', () => {
    const call = prepareCall(
      defaults,
      clientesRetrieve,
      { params: { uid: 'a/b' }, query: { completo: false } },
      NO_OPTIONS,
    );
    expect(call.method).toBe('GET');
    expect(call.path).toBe('/gateway/ext/v3/clientes/a%2Fb?completo=false');
    expect(call.body).toBeUndefined();
  });

  it('serializes the validated body once, as JSON with its Content-Type', () => {
    const call = prepareCall(defaults, clientesPuntosAdd, pointsInput, NO_OPTIONS);
    expect(call.body).toBe('{"puntos":5,"motivo":"bono"}');
    expect(call.headers['content-type']).toBe('application/json');
  });

  it('gives a write that requires a key a fresh UUID, in the header and on the call', () => {
    const call = prepareCall(defaults, clientesPuntosAdd, pointsInput, NO_OPTIONS);
    expect(call.idempotencyKey).toMatch(UUID_V4);
    expect(call.headers['idempotency-key']).toBe(call.idempotencyKey);
  });

  it("sends the caller's key as given", () => {
    const call = prepareCall(defaults, clientesPuntosAdd, pointsInput, { idempotencyKey: 'caller-key-0001' });
    expect(call.headers['idempotency-key']).toBe('caller-key-0001');
  });

  it('sends no key on a write that does not require one when the caller gives none', () => {
    const call = prepareCall(
      defaults,
      gruposNombreSet,
      { params: { grupoId: 5 }, body: { nombre: 'VIP' } },
      NO_OPTIONS,
    );
    expect(call.idempotencyKey).toBeUndefined();
    expect(call.headers).not.toHaveProperty('idempotency-key');
  });

  it('prepares the same bytes for the same input and key', () => {
    const options = { idempotencyKey: 'caller-key-0001' };
    expect(prepareCall(defaults, clientesPuntosAdd, pointsInput, options)).toEqual(
      prepareCall(defaults, clientesPuntosAdd, pointsInput, options),
    );
  });

  it.each([
    ['a read given a key', tareasList, {}, { idempotencyKey: 'caller-key-0001' }],
    [
      'a body that breaks a rule',
      clientesPuntosAdd,
      { params: { uid: 'u' }, body: { puntos: 0 } },
      NO_OPTIONS,
    ],
  ])('throws LoyaltyValidationError for %s', (_label, operation, input, options) => {
    expect(() => prepareCall(defaults, operation, input, options)).toThrow(LoyaltyValidationError);
  });
});

describe('prepareCall: headers, lowest precedence first', () => {
  const client = defaultsWith({ defaultHeaders: { 'X-Tenant': 'acme', Accept: 'application/vnd+json' } });
  const call = prepareCall(client, clientesPuntosAdd, pointsInput, {
    headers: { 'x-tenant': 'other' },
    idempotencyKey: 'caller-key-0001',
  });

  it.each<[string, string, unknown]>([
    ['user-agent', 'the SDK default', expect.stringMatching(/^loyalty-sdk\//)],
    ['accept', "the client's defaultHeaders, over the SDK default", 'application/vnd+json'],
    ['x-tenant', "the request's headers, over the client's defaultHeaders", 'other'],
    ['apikey', 'the SDK alone', KEY],
    ['idempotency-key', 'the SDK alone, from the idempotencyKey option', 'caller-key-0001'],
  ])('%s comes from %s', (name, _source, expected) => {
    expect(call.headers[name]).toEqual(expected);
  });
});

describe('prepareCall: request options', () => {
  it('uses the client policy object itself when the call sets no maxRetries', () => {
    expect(prepareCall(defaults, tareasList, {}, NO_OPTIONS).policy).toBe(defaults.policy);
  });

  it("takes the call's maxRetries and timeoutMs over the client's", () => {
    const call = prepareCall(defaults, tareasList, {}, { maxRetries: 0, timeoutMs: 250 });
    expect(call.policy).toEqual({ ...defaults.policy, maxRetries: 0 });
    expect(call.timeoutMs).toBe(250);
  });

  it.each<[string, unknown]>([
    ['not an object', 'fast'],
    ['an unknown name', { timeout: 5 }],
    ['a signal that is not an AbortSignal', { signal: {} }],
    ['maxRetries -1', { maxRetries: -1 }],
    ['timeoutMs 0', { timeoutMs: 0 }],
    ['a header the SDK owns', { headers: { apikey: 'other' } }],
  ])('throws LoyaltyError for %s', (_label, options) => {
    expect(() => prepareCall(defaults, tareasList, {}, options as RequestOptions)).toThrow(LoyaltyError);
  });
});

describe('prepareHelpCall', () => {
  const call = prepareHelpCall(defaults, clientesPuntosAdd, { idempotencyKey: 'caller-key-0001' });

  it("asks for ?help=true on the operation's path, with the parameters as their {name}", () => {
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/gateway/ext/v3/clientes/%7Buid%7D/puntos?help=true');
  });

  it('asks for text, and sends no body, Content-Type or Idempotency-Key', () => {
    expect(call.headers.accept).toBe('text/plain');
    expect(call.body).toBeUndefined();
    expect(call.headers).not.toHaveProperty('content-type');
    expect(call.headers).not.toHaveProperty('idempotency-key');
  });

  it("lets the caller's own accept header win, as on every call", () => {
    const own = prepareHelpCall(defaults, clientesPuntosAdd, { headers: { Accept: 'text/markdown' } });
    expect(own.headers.accept).toBe('text/markdown');
  });
});
