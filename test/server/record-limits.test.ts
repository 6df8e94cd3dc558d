/**
 * The reference server's memory is bounded whatever callers send (docs/reference-server.md,
 * "Limits"): a record a write would store is at most `maxRecordBytes`, the records requests create
 * are at most `maxRecords`, and so are the answers remembered under Idempotency-Keys. Past either
 * limit a write is a 422 in the envelope naming the limit, its option and its flag.
 */
import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from '../../src/cli/serve/args.js';
import { fileProblem, type ReadFlagFile } from '../../src/cli/shared/capped-file.js';
import { BUSINESS_RULE_CODES } from '../../src/operations/envelope.js';
import {
  createReferenceEngine,
  createTestClient,
  type Engine,
  type EngineOptions,
  recordBytes,
} from '../../src/server/internal.js';
import { api, call, newEngine, newIdem, type Reply } from '../support/in-process-engine.js';

type Limits = NonNullable<EngineOptions['limits']>;

function engineWith(limits: Limits, seed: 'demo' | 'empty' = 'demo'): Engine {
  return newEngine({ seed, limits: { maxRecords: Number.POSITIVE_INFINITY, ...limits } }).engine;
}

/** What a refused write must leave as it was: every list of the state, the audit and the notifications. */
async function everything(engine: Engine): Promise<string> {
  const state = await call<Record<string, unknown>>(engine, 'GET', '/__admin/state', { key: null });
  const { requestLog: _logged, ...lists } = state.json.data ?? {};
  return JSON.stringify([lists, engine.admin.audit(), engine.admin.notifications()]);
}

function expectRefusal(reply: Reply, codigo: string, names: RegExp[]): void {
  expect(reply.status, reply.body.slice(0, 300)).toBe(422);
  expect(reply.json.codigoRespuesta).toBe(9422);
  expect((reply.json.meta as { legacy?: { codigo?: string } }).legacy?.codigo).toBe(codigo);
  for (const name of names) expect(reply.json.msj).toMatch(name);
}

const LONG = 'x'.repeat(5_000);

describe('recordBytes: what a record counts against maxRecordBytes', () => {
  it.each([
    ['an empty object: 64 and its two braces', {}, 66],
    ['a key and a value: 64 each beside their text', { a: 'b' }, 64 + 2 + (64 + 3 + 1) + (64 + 3)],
    ['a string counts its UTF-8 bytes (é is two)', 'é', 64 + 4],
    ['a character outside the BMP is four bytes', '😀', 64 + 6],
    ['an array: its brackets, its commas and each item', [1, null, true], 64 + 4 + 64 + 1 + 64 + 4 + 64 + 4],
    ['a key whose value is undefined is not written, nor counted', { a: undefined }, 66],
  ])('%s', (_case, record, bytes) => {
    expect(recordBytes(record)).toBe(bytes);
  });

  it('empty objects count what they take in memory, not their 3 bytes of JSON each', () => {
    const record = Array.from({ length: 1_000 }, () => ({}));
    expect(JSON.stringify(record).length).toBeLessThan(3_100);
    expect(recordBytes(record)).toBeGreaterThan(64 * 1_000);
  });

  it('stops counting once past the bound it is given, before the values inside', () => {
    const record = { lista: Array.from({ length: 100_000 }, () => 'x') };
    const counted = recordBytes(record, 1_000);
    expect(counted).toBeGreaterThan(1_000);
    expect(counted).toBeLessThan(recordBytes(record) / 10);
  });
});

describe('maxRecordBytes: a record a write would store, past the limit, is refused and nothing changes', () => {
  const rows: [string, number, (engine: Engine) => Promise<Reply>][] = [
    [
      'a customer created with a large usuarioData',
      4_096,
      (engine) =>
        call(engine, 'POST', api('/clientes'), {
          body: { usuarioData: { email: 'grande@example.com', notas: LONG } },
          idem: newIdem(),
        }),
    ],
    [
      'a customer created with many small values (each counts 64)',
      4_096,
      (engine) =>
        call(engine, 'POST', api('/clientes'), {
          body: { usuarioData: { lista: Array.from({ length: 100 }, () => ({})) } },
          idem: newIdem(),
        }),
    ],
    [
      'a customer updated into a large record',
      4_096,
      (engine) =>
        call(engine, 'PATCH', api('/clientes/cli_0001'), { body: { nombre: LONG }, idem: newIdem() }),
    ],
    [
      'a points movement with a long motivo',
      4_096,
      (engine) =>
        call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
          body: { puntos: 5, motivo: LONG },
          idem: newIdem(),
        }),
    ],
    [
      "a group action's movements with a long motivo",
      4_096,
      (engine) =>
        call(engine, 'POST', api('/grupos/3/puntos'), { body: { puntos: 5, motivo: LONG }, idem: newIdem() }),
    ],
    [
      "a group action's tag that makes its members' records too large",
      4_096,
      (engine) =>
        call(engine, 'POST', api('/grupos/3/etiquetas'), { body: { etiqueta: LONG }, idem: newIdem() }),
    ],
    [
      'a notification (its titulo and mensaje at the most the spec allows)',
      1_024,
      (engine) =>
        call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
          body: { titulo: 't'.repeat(120), mensaje: 'm'.repeat(500) },
          idem: newIdem(),
        }),
    ],
    [
      'a group created by POST /__admin/grupos',
      1_024,
      (engine) =>
        call(engine, 'POST', '/__admin/grupos', {
          key: null,
          body: {
            uids: Array.from({ length: 24 }, (_, index) => `cli_${String(index + 1).padStart(4, '0')}`),
          },
        }),
    ],
  ];

  it.each(rows)(
    '%s: 422 REGISTRO_DEMASIADO_GRANDE naming the limit',
    async (_case, maxRecordBytes, write) => {
      const engine = engineWith({ maxRecordBytes });
      const before = await everything(engine);
      const reply = await write(engine);
      expectRefusal(reply, BUSINESS_RULE_CODES.recordTooLarge, [
        new RegExp(`más de ${maxRecordBytes} bytes`),
        /maxRecordBytes/,
        /--max-record-bytes/,
      ]);
      expect((reply.json.meta as { legacy?: unknown }).legacy).toMatchObject({
        maximo: maxRecordBytes,
        limite: 'maxRecordBytes',
      });
      expect(await everything(engine)).toBe(before);
    },
  );

  it('a record within the limit is stored', async () => {
    const engine = engineWith({ maxRecordBytes: 4_096 });
    const reply = await call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { email: 'cabe@example.com', notas: 'x'.repeat(1_000) } },
      idem: newIdem(),
    });
    expect(reply.status).toBe(200);
  });

  it('the default is 16 KiB: a customer of about 1 MB is refused', async () => {
    const engine = createReferenceEngine();
    const reply = await call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { notas: 'x'.repeat(1_000_000) } },
      idem: newIdem(),
    });
    expectRefusal(reply, BUSINESS_RULE_CODES.recordTooLarge, [/más de 16384 bytes/]);
  });
});

describe('maxRecords: the records requests create, all lists together', () => {
  const create = (engine: Engine, index: number) =>
    call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { email: `c${index}@example.com` } },
      idem: newIdem(),
    });

  it('the (maxRecords + 1)-th create is a 422 DEMASIADOS_REGISTROS naming the limit, its flag and the reset', async () => {
    const engine = engineWith({ maxRecords: 3 }, 'empty');
    for (const index of [1, 2, 3]) expect((await create(engine, index)).status).toBe(200);
    const reply = await create(engine, 4);
    expectRefusal(reply, BUSINESS_RULE_CODES.tooManyRecords, [
      /maxRecords/,
      /--max-records/,
      /POST \/__admin\/reset/,
    ]);
    expect((reply.json.meta as { legacy?: unknown }).legacy).toEqual({
      codigo: 'DEMASIADOS_REGISTROS',
      registros: 3,
      nuevos: 1,
      maximo: 3,
      limite: 'maxRecords',
    });
  });

  it('points movements, notifications and groups made by requests count too', async () => {
    const engine = engineWith({ maxRecords: 3 });
    const movement = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: 5 },
      idem: newIdem(),
    });
    const notification = await call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
      body: { titulo: 'Hola', mensaje: 'Mensaje' },
      idem: newIdem(),
    });
    const group = await call(engine, 'POST', '/__admin/grupos', { key: null, body: { uids: ['cli_0001'] } });
    expect([movement.status, notification.status, group.status]).toEqual([200, 200, 200]);
    expectRefusal(await create(engine, 1), BUSINESS_RULE_CODES.tooManyRecords, [/maxRecords/]);
  });

  it('a group action that would pass the limit is refused whole: no member gets a movement', async () => {
    const engine = engineWith({ maxRecords: 2 }, 'empty');
    const uids = [1, 2, 3].map(() => engine.admin.createCustomer({ puntos: 10 }));
    const grupoId = engine.admin.createGroup({ uids });
    const before = await everything(engine);
    const reply = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 5 },
      idem: newIdem(),
    });
    expectRefusal(reply, BUSINESS_RULE_CODES.tooManyRecords, [/esta crearía 3/]);
    expect(await everything(engine)).toBe(before);
  });

  it('a dry run creates nothing, so a full store still answers it', async () => {
    const engine = engineWith({ maxRecords: 1 }, 'empty');
    const grupoId = engine.admin.createGroup({ uids: [engine.admin.createCustomer({ puntos: 10 })] });
    expect((await create(engine, 1)).status).toBe(200);
    const dryRun = await call(engine, 'POST', api(`/grupos/${grupoId}/puntos`), {
      body: { puntos: 5, dryRun: true },
      idem: newIdem(),
    });
    expect(dryRun.status).toBe(200);
  });

  it('the seed and the admin helpers called from code count no record; a reset counts from zero again', async () => {
    const engine = engineWith({ maxRecords: 1 });
    for (let index = 0; index < 5; index++) engine.admin.createCustomer({ puntos: 10 });
    expect((await create(engine, 1)).status).toBe(200);
    expect((await create(engine, 2)).status).toBe(422);
    engine.admin.reset();
    expect((await create(engine, 3)).status).toBe(200);
  });

  it('a write refused for another reason counts nothing', async () => {
    const engine = engineWith({ maxRecords: 1 });
    const refused = await call(engine, 'POST', api('/clientes/cli_0002/puntos'), {
      body: { puntos: -5 },
      idem: newIdem(),
    });
    expect((refused.json.meta as { legacy?: { codigo?: string } }).legacy?.codigo).toBe('SALDO_INSUFICIENTE');
    expect((await create(engine, 1)).status).toBe(200);
  });

  it('the answers of at most maxRecords Idempotency-Keys are remembered: the oldest is forgotten first', async () => {
    const engine = engineWith({ maxRecords: 2 });
    const update = (idem: string) =>
      call(engine, 'PATCH', api('/clientes/cli_0001'), { body: { ciudad: 'Quito' }, idem });
    const [first, second, third] = ['idem-key-0001', 'idem-key-0002', 'idem-key-0003'];
    for (const idem of [first, second, third]) expect((await update(idem as string)).status).toBe(200);
    expect((await update(third as string)).headers['idempotent-replayed']).toBe('true');
    expect((await update(second as string)).headers['idempotent-replayed']).toBe('true');
    expect((await update(first as string)).headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('the options and the flags', () => {
  it.each([
    ['maxRecords of 0', { maxRecords: 0 }, /limits\.maxRecords must be a positive integer or Infinity/],
    ['maxRecordBytes that is not whole', { maxRecordBytes: 1.5 }, /limits\.maxRecordBytes must be/],
  ])('%s is a TypeError naming it', (_case, limits, message) => {
    expect(() => createReferenceEngine({ limits })).toThrow(message);
  });

  it('Infinity switches both off', async () => {
    const engine = engineWith({
      maxRecords: Number.POSITIVE_INFINITY,
      maxRecordBytes: Number.POSITIVE_INFINITY,
    });
    const reply = await call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { notas: 'x'.repeat(1_000_000) } },
      idem: newIdem(),
    });
    expect(reply.status).toBe(200);
  });

  it('createTestClient meets the record limits only when it names them', async () => {
    const large = { usuarioData: { notas: 'x'.repeat(100_000) } };
    const free = await createTestClient();
    await expect(free.client.clientes.create(large)).resolves.toMatchObject({ puntos: 0 });
    const bounded = await createTestClient({ limits: { maxRecordBytes: 4_096 } });
    await expect(bounded.client.clientes.create(large)).rejects.toMatchObject({
      status: 422,
      code: BUSINESS_RULE_CODES.recordTooLarge,
    });
  });

  const noFiles: ReadFlagFile = (path, limit) => {
    throw fileProblem(limit, path, 'no such file');
  };
  const withConfig =
    (config: object): ReadFlagFile =>
    () =>
      JSON.stringify(config);

  it('loyalty serve --max-records and --max-record-bytes set the limits, over those of --config', () => {
    const command = parseCommand(
      ['serve', '--config', 'c.json', '--max-records', '500', '--max-record-bytes', '2048'],
      withConfig({ limits: { maxGroupSize: 7, maxRecords: 9 } }),
    );
    expect(command).toMatchObject({
      options: { limits: { maxGroupSize: 7, maxRecords: 500, maxRecordBytes: 2_048 } },
    });
  });

  it.each([
    ['--max-records', '0'],
    ['--max-record-bytes', '16k'],
    ['--max-records', '1.5'],
  ])('%s %s is a usage error naming the flag', (flag, value) => {
    const parse = () => parseCommand(['serve', flag, value], noFiles);
    expect(parse).toThrow(UsageError);
    expect(parse).toThrow(`${flag} takes a whole number of at least 1, got "${value}"`);
  });
});
