import { describe, expect, it } from 'vitest';
import { type ClientOptions, LoyaltyClient, LoyaltyError, SDK_VERSION } from '../../src/index.js';
import { clientFor, TEST_KEY, useStub } from '../support/stub-server.js';

const stub = useStub();

const SDK_USER_AGENT = `loyalty-sdk/${SDK_VERSION} node/${process.versions.node}`;

function constructionError(options: Partial<ClientOptions> & Record<string, unknown>): LoyaltyError {
  try {
    new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, ...options } as ClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(LoyaltyError);
    return error as LoyaltyError;
  }
  throw new Error('expected the constructor to throw');
}

describe('the appInfo option', () => {
  it('appends name/version to the SDK’s own User-Agent, on the wire', async () => {
    await clientFor(stub, { appInfo: { name: 'pos-sync', version: '2.4.1' } }).tareas.list();
    expect(stub.only.headers['user-agent']).toBe(`${SDK_USER_AGENT} pos-sync/2.4.1`);
  });

  it('appends the name alone when no version is given', async () => {
    await clientFor(stub, { appInfo: { name: 'pos-sync' } }).tareas.list();
    expect(stub.only.headers['user-agent']).toBe(`${SDK_USER_AGENT} pos-sync`);
  });

  it('is on every request of the client: writes and help too', async () => {
    const client = clientFor(stub, { appInfo: { name: 'pos-sync', version: '2.4.1' } });
    stub.fallback = { kind: 'answer', status: 200, headers: { 'content-type': 'text/plain' }, body: 'help' };
    await client.help('clientes.puntos.add');
    expect(stub.only.headers['user-agent']).toBe(`${SDK_USER_AGENT} pos-sync/2.4.1`);
  });

  it('passes on to a client made by withOptions, which may change it', async () => {
    const client = clientFor(stub, { appInfo: { name: 'pos-sync', version: '2.4.1' } });
    await client.withOptions({ timeoutMs: 5_000 }).tareas.list();
    await client.withOptions({ appInfo: { name: 'nightly-report' } }).tareas.list();
    expect(stub.requests.map((request) => request.headers['user-agent'])).toEqual([
      `${SDK_USER_AGENT} pos-sync/2.4.1`,
      `${SDK_USER_AGENT} nightly-report`,
    ]);
  });

  it.each([
    ['an empty name', { name: '' }, 'appInfo.name must be a non-empty string'],
    ['a missing name', { version: '1.0' }, 'appInfo.name must be a non-empty string'],
    ['a name with a space', { name: 'pos sync' }, 'appInfo.name "pos sync" may hold only'],
    ['a name with a slash', { name: 'pos/sync' }, 'appInfo.name "pos/sync" may hold only'],
    [
      'a name with CR LF',
      { name: 'pos\r\nx-injected: 1' },
      'appInfo.name "pos\\r\\nx-injected: 1" may hold only',
    ],
    ['a version with a space', { name: 'pos', version: '2 4' }, 'appInfo.version "2 4" may hold only'],
    ['an empty version', { name: 'pos', version: '' }, 'appInfo.version must be a non-empty string'],
    [
      'a version that is not a string',
      { name: 'pos', version: 2 },
      'appInfo.version must be a non-empty string',
    ],
    [
      'a misspelt field',
      { name: 'pos', verison: '1' },
      'Unknown LoyaltyClient option "appInfo.verison"; did you mean "version"?',
    ],
    ['a string', 'pos-sync/1.0', 'appInfo must be an object { name, version? }'],
  ])('refuses %s, sending nothing', (_label, appInfo, message) => {
    expect(constructionError({ appInfo: appInfo as ClientOptions['appInfo'] }).message).toContain(message);
    expect(stub.count).toBe(0);
  });

  it('refuses appInfo beside a User-Agent in defaultHeaders: one of them would be lost', () => {
    expect(
      constructionError({ appInfo: { name: 'pos-sync' }, defaultHeaders: { 'User-Agent': 'mine/1.0' } })
        .message,
    ).toBe('Give either appInfo or a User-Agent in defaultHeaders, not both');
  });

  it('never names the API key in a refusal', () => {
    expect(constructionError({ appInfo: { name: TEST_KEY.replace(/-/g, ' ') } }).message).not.toContain(
      TEST_KEY,
    );
  });
});
