import { describe, expect, it } from 'vitest';
import {
  LoyaltyClient,
  LoyaltyError,
  LoyaltyValidationError,
  type OperationId,
  type RequestOptions,
} from '../../src/index.js';
import { LIMITS, pathParamNames } from '../../src/operations/index.js';
import { operations } from '../../src/operations/table.js';
import { CASES, invoke, operationOf } from '../support/sdk-call-cases.js';
import { clientFor, rejection, type StubServer, TEST_KEY, useStub } from '../support/stub-server.js';

const stub = useStub();

/**
 * Asserts the call was refused before sending: LoyaltyValidationError with exactly these issue
 * paths (or, with `exact` false, these first and any others in the same location).
 */
async function expectRefused(
  call: PromiseLike<unknown>,
  paths: PropertyKey[][],
  server: StubServer,
  exact = true,
) {
  const error = await rejection(call);
  expect(error).toBeInstanceOf(LoyaltyValidationError);
  const issuePaths = (error as LoyaltyValidationError).issues.map((issue) => issue.path);
  if (exact) expect(issuePaths).toEqual(paths);
  else {
    expect(issuePaths.slice(0, paths.length)).toEqual(paths);
    for (const path of issuePaths) expect(path[0]).toBe(paths[0]?.[0]);
  }
  expect(server.count).toBe(0);
  return error as LoyaltyValidationError;
}

const withParam = (name: string) =>
  operations.filter((operation) => pathParamNames(operation.path).includes(name));
const withBodyField = (name: string) =>
  operations.filter((operation) => operation.body !== undefined && Object.hasOwn(operation.body.shape, name));

describe('uid (path): 1..128 characters, not "." or ".."', () => {
  const uidOperations = withParam('uid');

  it('applies to the six customer operations 4..9', () => {
    expect(uidOperations.map((operation) => operation.number)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  const bad: [string, string][] = [
    ['empty', ''],
    ['129 characters', 'u'.repeat(LIMITS.uidMaxLength + 1)],
    ['"."', '.'],
    ['".."', '..'],
  ];
  const cases = uidOperations.flatMap((operation) =>
    bad.map(([label, uid]) => ({ ...operation, label, uid })),
  );

  it.each(cases)('#$number $id refuses a uid $label and sends nothing', async ({ id, uid }) => {
    await expectRefused(invoke(clientFor(stub), id, { params: { uid } }), [['path', 'uid']], stub);
  });

  it.each(uidOperations)('#$number $id sends a uid of exactly 128 characters', async (operation) => {
    const uid = 'u'.repeat(LIMITS.uidMaxLength);
    await invoke(clientFor(stub), operation.id, { params: { uid } });
    expect(stub.only.pathname.split('/')[4]).toBe(uid);
  });

  it('sends a uid "..." (only "." and ".." are removed by URL normalisation)', async () => {
    await clientFor(stub).clientes.puntos.list('...');
    expect(stub.only.url).toBe('/ext/v3/clientes/.../puntos');
  });
});

describe('tareaId, grupoId, regaloId (path): integers, at least 1', () => {
  const idOperations = operations.flatMap((operation) =>
    pathParamNames(operation.path)
      .filter((name) => name !== 'uid')
      .map((name) => ({ ...operation, name })),
  );

  it('applies to operations 2, 11, 12, 13, 15 and 16', () => {
    expect(idOperations.map((operation) => operation.number)).toEqual([2, 11, 12, 13, 15, 16]);
  });

  const bad: [string, unknown][] = [
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ["the string '1'", '1'],
    ['NaN', Number.NaN],
  ];
  const cases = idOperations.flatMap((operation) =>
    bad.map(([label, value]) => ({ ...operation, label, value })),
  );

  it.each(cases)('#$number $id refuses $name $label and sends nothing', async ({ id, name, value }) => {
    await expectRefused(invoke(clientFor(stub), id, { params: { [name]: value } }), [['path', name]], stub);
  });

  it.each(idOperations)('#$number $id sends $name 1 (the lowest valid id)', async ({ id, name }) => {
    await invoke(clientFor(stub), id, { params: { [name]: 1 } });
    const template = operationOf(id).path.split('/');
    const sent = stub.only.pathname.split('/').slice(3);
    expect(sent[template.indexOf(`{${name}}`) - 1]).toBe('1');
  });
});

describe('puntos (body of 6 and 11): a finite number, not 0, |puntos| <= 10000', () => {
  const puntosOperations = withBodyField('puntos');

  it('applies to operations 6 and 11', () => {
    expect(puntosOperations.map((operation) => operation.number)).toEqual([6, 11]);
  });

  const bad: [string, unknown][] = [
    ['0', 0],
    ['10001', LIMITS.puntosPerCall + 1],
    ['-10001', -(LIMITS.puntosPerCall + 1)],
    ['10000.5', LIMITS.puntosPerCall + 0.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ["the string '5'", '5'],
  ];
  const badCases = puntosOperations.flatMap((operation) =>
    bad.map(([label, puntos]) => ({ ...operation, label, puntos })),
  );

  it.each(badCases)('#$number $id refuses puntos $label and sends nothing', async ({ id, puntos }) => {
    const input = { ...CASES[id].input, puntos };
    await expectRefused(invoke(clientFor(stub), id, { input }), [['body', 'puntos']], stub);
  });

  const good: [string, number][] = [
    ['10000', LIMITS.puntosPerCall],
    ['-10000', -LIMITS.puntosPerCall],
    ['0.01', 0.01],
    ['-1', -1],
  ];
  const goodCases = puntosOperations.flatMap((operation) =>
    good.map(([label, puntos]) => ({ ...operation, label, puntos })),
  );

  it.each(goodCases)('#$number $id sends puntos $label', async ({ id, puntos }) => {
    await invoke(clientFor(stub), id, { input: { ...CASES[id].input, puntos } });
    expect((stub.only.json as { puntos: number }).puntos).toBe(puntos);
  });

  it.each(puntosOperations)('#$number $id refuses a body without puntos', async (operation) => {
    await expectRefused(
      invoke(clientFor(stub), operation.id, { input: { motivo: 'x' } }),
      [['body', 'puntos']],
      stub,
    );
  });
});

/** Length and value rules of single body or query fields: [operation, location, field, value, accepted]. */
type FieldRow = [OperationId, 'body' | 'query', string, unknown, boolean];

const fieldRows: FieldRow[] = [
  // 2. tareas.setStatus
  ['tareas.setStatus', 'body', 'status', 2, false],
  ['tareas.setStatus', 'body', 'status', -1, false],
  ['tareas.setStatus', 'body', 'status', '1', false],
  ['tareas.setStatus', 'body', 'status', true, false],
  ['tareas.setStatus', 'body', 'status', 0, true],
  ['tareas.setStatus', 'body', 'status', 1, true],
  ['tareas.setStatus', 'body', 'nombre', 'n'.repeat(LIMITS.tareaNombreMaxLength + 1), false],
  ['tareas.setStatus', 'body', 'nombre', 'n'.repeat(LIMITS.tareaNombreMaxLength), true],
  // 8. clientes.notificaciones.send
  ['clientes.notificaciones.send', 'body', 'titulo', 't'.repeat(LIMITS.tituloMaxLength + 1), false],
  ['clientes.notificaciones.send', 'body', 'titulo', 't'.repeat(LIMITS.tituloMaxLength), true],
  ['clientes.notificaciones.send', 'body', 'titulo', '', false],
  ['clientes.notificaciones.send', 'body', 'mensaje', 'm'.repeat(LIMITS.mensajeMaxLength + 1), false],
  ['clientes.notificaciones.send', 'body', 'mensaje', 'm'.repeat(LIMITS.mensajeMaxLength), true],
  ['clientes.notificaciones.send', 'body', 'mensaje', '', false],
  // 15. promociones.setStatus
  ['promociones.setStatus', 'body', 'comando', 'c'.repeat(LIMITS.comandoMaxLength + 1), false],
  ['promociones.setStatus', 'body', 'comando', 'c'.repeat(LIMITS.comandoMaxLength), true],
  ['promociones.setStatus', 'body', 'comando', '', false],
  ['promociones.setStatus', 'body', 'fecha', 'f'.repeat(LIMITS.fechaMaxLength + 1), false],
  ['promociones.setStatus', 'body', 'fecha', 'f'.repeat(LIMITS.fechaMaxLength), true],
  // 13. grupos.nombre.set
  ['grupos.nombre.set', 'body', 'nombre', 'g'.repeat(LIMITS.grupoNombreMaxLength + 1), false],
  ['grupos.nombre.set', 'body', 'nombre', 'g'.repeat(LIMITS.grupoNombreMaxLength), true],
  ['grupos.nombre.set', 'body', 'nombre', '', false],
  // 12. grupos.etiquetas.add
  ['grupos.etiquetas.add', 'body', 'etiqueta', '', false],
  ['grupos.etiquetas.add', 'body', 'dryRun', 'true', false],
  ['grupos.etiquetas.add', 'body', 'dryRun', true, true],
  // 14. promociones.list
  ['promociones.list', 'query', 'tipo', -1, false],
  ['promociones.list', 'query', 'tipo', 1.5, false],
  ['promociones.list', 'query', 'tipo', '1', false],
  ['promociones.list', 'query', 'tipo', 0, true],
  ['promociones.list', 'query', 'tipo', 101, true],
  // 4. clientes.retrieve
  ['clientes.retrieve', 'query', 'completo', 'yes', false],
  ['clientes.retrieve', 'query', 'completo', true, true],
  // 16. promociones.cupones.list: dates that exist on the calendar
  ['promociones.cupones.list', 'query', 'inicio', '2024-1-01', false],
  ['promociones.cupones.list', 'query', 'inicio', '01/01/2024', false],
  ['promociones.cupones.list', 'query', 'inicio', '2023-02-29', false],
  ['promociones.cupones.list', 'query', 'inicio', '2024-01-01T00:00:00Z', false],
  ['promociones.cupones.list', 'query', 'inicio', '2024-01-31', true],
  ['promociones.cupones.list', 'query', 'fin', '2024-02-30', false],
  ['promociones.cupones.list', 'query', 'fin', '2024-13-01', false],
  ['promociones.cupones.list', 'query', 'fin', '', false],
  ['promociones.cupones.list', 'query', 'fin', '2024-02-29', true],
  // 5. clientes.update
  ['clientes.update', 'body', 'birthday', '2023-02-29', false],
  ['clientes.update', 'body', 'birthday', '1990-13-01', false],
  ['clientes.update', 'body', 'birthday', '1990-1-1', false],
  ['clientes.update', 'body', 'birthday', '2024-02-29', true],
  ['clientes.update', 'body', 'genericDate1', 'mañana', false],
  ['clientes.update', 'body', 'genericDate1', '2021-04-31', false],
  ['clientes.update', 'body', 'genericDate1', '2021-04-30', true],
  ['clientes.update', 'body', 'genericDate2', '2021-00-10', false],
  ['clientes.update', 'body', 'genericDate2', '2021-12-31', true],
  ['clientes.update', 'body', 'tipoContribuyente', 0, false],
  ['clientes.update', 'body', 'tipoContribuyente', 7, false],
  ['clientes.update', 'body', 'tipoContribuyente', 2.5, false],
  ['clientes.update', 'body', 'tipoContribuyente', 1, true],
  ['clientes.update', 'body', 'tipoContribuyente', 6, true],
  ['clientes.update', 'body', 'genericInt1', 1.5, false],
  ['clientes.update', 'body', 'genericInt5', -3, true],
  ['clientes.update', 'body', 'nombre', 42, false],
];

const describeValue = (value: unknown) => {
  const shown = JSON.stringify(value) ?? String(value);
  return shown.length > 24 ? `${typeof value} of ${String(value).length} characters` : shown;
};

describe('field rules of the parameter tables (just over refused, boundary sent)', () => {
  const refused = fieldRows
    .filter(([, , , , ok]) => !ok)
    .map(([id, location, field, value]) => ({ id, location, field, value, shown: describeValue(value) }));
  const sent = fieldRows
    .filter(([, , , , ok]) => ok)
    .map(([id, location, field, value]) => ({ id, location, field, value, shown: describeValue(value) }));

  it.each(refused)(
    '$id refuses $location $field = $shown and sends nothing',
    async ({ id, location, field, value }) => {
      const input = { ...CASES[id].input, [field]: value };
      // Known issue (reported): cupones' inicio <= fin refinement also runs on malformed dates and
      // may add a second issue on query.fin; that case is pinned exactly in 'rules across fields'.
      const exact = id !== 'promociones.cupones.list';
      await expectRefused(invoke(clientFor(stub), id, { input }), [[location, field]], stub, exact);
    },
  );

  it.each(sent)('$id sends $location $field = $shown', async ({ id, location, field, value }) => {
    await invoke(clientFor(stub), id, { input: { ...CASES[id].input, [field]: value } });
    if (location === 'body') expect((stub.only.json as Record<string, unknown>)[field]).toEqual(value);
    else expect(stub.only.query[field]).toBe(String(value));
  });
});

describe('rules across fields', () => {
  it('refuses cupones inicio after fin, on fin, and sends nothing', async () => {
    const call = clientFor(stub).promociones.cupones.list(3, { inicio: '2024-02-02', fin: '2024-02-01' });
    await expectRefused(call, [['query', 'fin']], stub);
  });

  it('sends cupones with inicio equal to fin (a one-day period)', async () => {
    await clientFor(stub).promociones.cupones.list(3, { inicio: '2024-02-29', fin: '2024-02-29' });
    expect(stub.only.url).toBe('/ext/v3/promociones/3/cupones?inicio=2024-02-29&fin=2024-02-29');
  });

  it('refuses a malformed inicio with one issue on query.inicio only, not a false one on fin', async () => {
    const call = clientFor(stub).promociones.cupones.list(3, { inicio: '2024-1-01', fin: '2024-01-31' });
    await expectRefused(call, [['query', 'inicio']], stub);
  });

  it('refuses cupones without fin', async () => {
    const call = invoke(clientFor(stub), 'promociones.cupones.list', { input: { inicio: '2024-01-01' } });
    await expectRefused(call, [['query', 'fin']], stub);
  });

  it('refuses a usuarioData.email that is not an email address', async () => {
    const call = clientFor(stub).clientes.create({ usuarioData: { email: 'not-an-email' } });
    await expectRefused(call, [['body', 'usuarioData', 'email']], stub);
  });

  it('refuses a usuarioData.birthdate that does not exist on the calendar', async () => {
    const call = clientFor(stub).clientes.create({ usuarioData: { birthdate: '2023-02-29' } });
    await expectRefused(call, [['body', 'usuarioData', 'birthdate']], stub);
  });

  it('refuses clientes.create without usuarioData', async () => {
    const call = invoke(clientFor(stub), 'clientes.create', { input: { usuarioPassword: 'pw' } });
    await expectRefused(call, [['body', 'usuarioData']], stub);
  });

  it('sends an empty PATCH body (changes nothing)', async () => {
    await clientFor(stub).clientes.update('u-1', {});
    expect(stub.only.json).toEqual({});
  });
});

describe('unknown fields', () => {
  const typoRows: [OperationId, Record<string, unknown>, string][] = [
    ['clientes.update', { nombr: 'Ana' }, 'nombr'],
    ['clientes.puntos.add', { puntos: 5, motive: 'typo' }, 'motive'],
    ['tareas.setStatus', { status: 1, name: 'x' }, 'name'],
    ['grupos.puntos.add', { puntos: 5, dry_run: true }, 'dry_run'],
    ['promociones.setStatus', { comando: 'activar', date: '2024-01-01' }, 'date'],
  ];

  it.each(typoRows)('%s refuses the unknown body field %j and sends nothing', async (id, input, key) => {
    const error = await expectRefused(invoke(clientFor(stub), id, { input }), [['body']], stub);
    expect(error.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: [key] });
  });

  it('refuses an unknown query parameter of promociones.list', async () => {
    const error = await expectRefused(
      invoke(clientFor(stub), 'promociones.list', { input: { tipo: 1, orden: 'asc' } }),
      [['query']],
      stub,
    );
    expect(error.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['orden'] });
  });

  it('refuses email in a profile update (the email is changed by another operation)', async () => {
    const error = await expectRefused(
      invoke(clientFor(stub), 'clientes.update', { input: { email: 'new@example.com' } }),
      [['body']],
      stub,
    );
    expect(error.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['email'] });
  });

  it('sends unknown keys inside usuarioData (its full key set is not shown)', async () => {
    await clientFor(stub).clientes.create({ usuarioData: { nombre: 'Ana', codigoPostal: '28001' } });
    expect(stub.only.json).toEqual({ usuarioData: { nombre: 'Ana', codigoPostal: '28001' } });
  });
});

describe('idempotencyKey: 8..128 printable ASCII characters, no spaces', () => {
  const writes = operations.filter((operation) => operation.idempotency !== 'none');
  const bad: [string, string][] = [
    ['of 7 characters', 'k'.repeat(LIMITS.idempotencyKeyMinLength - 1)],
    ['of 129 characters', 'k'.repeat(LIMITS.idempotencyKeyMaxLength + 1)],
    ['with a space', 'abcd efgh'],
    ['with a line feed', 'abcd\nefgh'],
    ['with a control character', 'abcd\u0001efgh'],
    ['with a non-ASCII character', 'abcdéfgh'],
  ];
  const badCases = writes.flatMap((operation) => bad.map(([label, key]) => ({ ...operation, label, key })));

  it.each(badCases)('#$number $id refuses a key $label and sends nothing', async ({ id, key }) => {
    const call = invoke(clientFor(stub), id, { options: { idempotencyKey: key } });
    await expectRefused(call, [['header', 'Idempotency-Key']], stub);
  });

  const good: [string, string][] = [
    ['of 8 characters', 'k'.repeat(LIMITS.idempotencyKeyMinLength)],
    ['of 128 characters', 'k'.repeat(LIMITS.idempotencyKeyMaxLength)],
    ['of printable punctuation', '!#$%&*+-.^_|~:;<>'],
  ];
  const goodCases = writes.flatMap((operation) => good.map(([label, key]) => ({ ...operation, label, key })));

  it.each(goodCases)('#$number $id sends a key $label as given', async ({ id, key }) => {
    await invoke(clientFor(stub), id, { options: { idempotencyKey: key } });
    expect(stub.only.headers['idempotency-key']).toBe(key);
  });
});

describe('request options', () => {
  const badHeaders: [string, Record<string, string>][] = [
    ['a value with CR LF', { 'x-note': 'a\r\nx-injected: 1' }],
    ['a value with LF', { 'x-note': 'a\nb' }],
    ['a value with CR', { 'x-note': 'a\rb' }],
    ['a value with NUL', { 'x-note': 'a\u0000b' }],
    ['apikey', { apikey: 'another-key' }],
    ['ApiKey in another case', { ApiKey: 'another-key' }],
    ['idempotency-key', { 'idempotency-key': 'abcdefgh-1' }],
    ['Idempotency-Key', { 'Idempotency-Key': 'abcdefgh-1' }],
    ['content-type', { 'content-type': 'text/plain' }],
    ['an invalid header name', { 'x note': 'a' }],
  ];

  it.each(badHeaders)(
    'refuse headers with %s with LoyaltyError and send nothing',
    async (_label, headers) => {
      const error = await rejection(clientFor(stub).clientes.puntos.add('u-1', { puntos: 5 }, { headers }));
      expect(error).toBeInstanceOf(LoyaltyError);
      expect(stub.count).toBe(0);
    },
  );

  it('send a caller header with a tab in its value (tabs are allowed in header values)', async () => {
    await clientFor(stub).tareas.list({ headers: { 'X-Note': 'a\tb' } });
    expect(stub.only.headers['x-note']).toBe('a\tb');
  });

  const badOptions: [string, Record<string, unknown>][] = [
    ['an unknown option name', { idempotency_key: 'abcdefgh' }],
    ['timeoutMs 0', { timeoutMs: 0 }],
    ['timeoutMs -1', { timeoutMs: -1 }],
    ['maxRetries -1', { maxRetries: -1 }],
    ['maxRetries 1.5', { maxRetries: 1.5 }],
    ['a signal that is not an AbortSignal', { signal: { aborted: false } }],
  ];

  it.each(badOptions)('refuse %s with LoyaltyError and send nothing', async (_label, options) => {
    const error = await rejection(clientFor(stub).tareas.list(options as RequestOptions));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect(stub.count).toBe(0);
  });

  it('refuse an unknown option name suggesting the right one', async () => {
    const error = await rejection(
      clientFor(stub).tareas.setStatus(1, { status: 1 }, { idempotencykey: 'abcdefgh' } as RequestOptions),
    );
    expect((error as LoyaltyError).message).toContain('did you mean "idempotencyKey"?');
    expect(stub.count).toBe(0);
  });

  it('refuse defaultHeaders with CR/LF when the client is made', () => {
    expect(
      () =>
        new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, defaultHeaders: { 'x-a': 'b\r\nc' } }),
    ).toThrow(LoyaltyError);
  });

  it('refuse apikey in defaultHeaders when the client is made', () => {
    expect(
      () =>
        new LoyaltyClient({ apiKey: TEST_KEY, baseUrl: stub.baseUrl, defaultHeaders: { apikey: 'other' } }),
    ).toThrow(/apikey/);
  });
});

describe('validation errors', () => {
  it('carry the operation id and every issue, each path starting with its location', async () => {
    const error = await expectRefused(
      clientFor(stub).clientes.notificaciones.send('', { titulo: '', mensaje: 'm'.repeat(501) }),
      [
        ['path', 'uid'],
        ['body', 'titulo'],
        ['body', 'mensaje'],
      ],
      stub,
    );
    expect(error.operationId).toBe('clientes.notificaciones.send');
    expect(error.message).toContain('nothing was sent');
    expect(error.message).toContain('body.titulo');
  });

  it('are thrown for an invalid call whatever the client options, even with retries', async () => {
    await expectRefused(
      clientFor(stub, { maxRetries: 5 }).clientes.puntos.add('u-1', { puntos: 0 }),
      [['body', 'puntos']],
      stub,
    );
  });
});
