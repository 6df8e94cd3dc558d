import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/operations/envelope.js';
import type { Cliente, PuntosMovimiento } from '../../src/types.js';
import { api, call, DEMO_API_KEY, newEngine, newIdem } from '../support/in-process-engine.js';

const create = (usuarioData: Record<string, unknown>) => ({ body: { usuarioData }, idem: newIdem() });
const sumOf = (history: PuntosMovimiento[]) => history.reduce((sum, movement) => sum + movement.puntos, 0);

describe('customers', () => {
  it('POST /clientes returns the new customer with a generated uid, a zero balance and the lowest level', async () => {
    const { engine } = newEngine();
    const reply = await call<Cliente>(
      engine,
      'POST',
      api('/clientes'),
      create({
        nombre: 'Lía',
        email: 'lia@example.com',
        num_id: '123',
        tipo_id: 'CC',
        birthdate: '1990-05-04',
      }),
    );
    expect(reply.json.data).toMatchObject({
      nombre: 'Lía',
      email: 'lia@example.com',
      numId: '123',
      tipoId: 'CC',
      birthday: '1990-05-04',
      puntos: 0,
      nivel: 'Bronce',
      etiquetas: [],
    });
    const uid = reply.json.data?.uid as string;
    expect(uid.length).toBeGreaterThan(0);
    expect((await call(engine, 'GET', api(`/clientes/${uid}`))).json.data).toEqual(reply.json.data);
  });

  it('keys of usuarioData the spec does not name are kept apart and cannot set record fields', async () => {
    const { engine } = newEngine();
    const reply = await call<Cliente>(
      engine,
      'POST',
      api('/clientes'),
      create({ puntos: 1_000_000, club: 'A' }),
    );
    expect(reply.json.data?.puntos).toBe(0);
    expect(reply.json.data?.datosAdicionales).toEqual({ puntos: 1_000_000, club: 'A' });
  });

  it('the password is never returned', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes'), {
      body: { usuarioData: { nombre: 'Sin' }, usuarioPassword: 'muy-secreta-123' },
      idem: newIdem(),
    });
    expect(reply.body).not.toContain('muy-secreta-123');
  });

  it('an unknown customer is a 404 with code 9404', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'GET', api('/clientes/nadie'));
    expect(reply.status).toBe(404);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.notFound);
  });

  it('completo=false leaves out the rest of the profile', async () => {
    const { engine } = newEngine();
    const reply = await call<Cliente>(engine, 'GET', api('/clientes/cli_0001'), { query: 'completo=false' });
    expect(Object.keys(reply.json.data ?? {}).sort()).toEqual(
      ['apellido', 'email', 'etiquetas', 'nivel', 'nombre', 'puntos', 'uid'].sort(),
    );
  });

  it('PATCH changes only the fields sent', async () => {
    const { engine } = newEngine();
    const before = engine.admin.customer('cli_0001') as Cliente;
    const reply = await call<Cliente>(engine, 'PATCH', api('/clientes/cli_0001'), {
      body: { ciudad: 'Quito', genericInt1: 7 },
      idem: newIdem(),
    });
    expect(reply.json.data).toEqual({ ...before, ciudad: 'Quito', genericInt1: 7 });
  });

  it('PATCH of an unknown customer is a 404', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'PATCH', api('/clientes/nadie'), {
      body: { ciudad: 'Quito' },
      idem: newIdem(),
    });
    expect(reply.status).toBe(404);
  });
});

describe('points', () => {
  it('adding points answers the movement and the new balance', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: 50, motivo: 'Compra' },
      idem: newIdem(),
    });
    expect(reply.json.data).toEqual({
      uid: 'cli_0001',
      movimientoId: expect.any(String),
      puntos: 50,
      saldo: 1_300,
    });
  });

  it("a movement appears last in the customer's history with its motivo", async () => {
    const { engine, clock } = newEngine();
    await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: -50, motivo: 'Canje' },
      idem: newIdem(),
    });
    const history =
      (await call<PuntosMovimiento[]>(engine, 'GET', api('/clientes/cli_0001/puntos'))).json.data ?? [];
    expect(history.at(-1)).toEqual({
      movimientoId: expect.any(String),
      uid: 'cli_0001',
      puntos: -50,
      motivo: 'Canje',
      saldo: 1_200,
      fecha: new Date(clock.current).toISOString(),
      grupoId: null,
    });
  });

  it("the audit records the movement, the key's id and appId, and never the key", async () => {
    const { engine } = newEngine();
    await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: 5, motivo: 'Ajuste' },
      idem: newIdem(),
    });
    const [entry] = engine.admin.audit();
    expect(entry).toMatchObject({
      uid: 'cli_0001',
      puntos: 5,
      motivo: 'Ajuste',
      appId: 1,
      keyId: expect.stringMatching(/^key_/),
    });
    expect(JSON.stringify(engine.admin.audit())).not.toContain(DEMO_API_KEY);
  });

  it('removing more points than the balance is a 422 SALDO_INSUFICIENTE and changes nothing', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: -1_251 },
      idem: newIdem(),
    });
    expect(reply.status).toBe(422);
    expect(reply.json.codigoRespuesta).toBe(ERROR_CODES.unprocessable);
    expect(reply.json.meta.legacy).toEqual({
      codigo: 'SALDO_INSUFICIENTE',
      uid: 'cli_0001',
      saldo: 1_250,
      puntos: -1_251,
    });
    expect(engine.admin.customer('cli_0001')?.puntos).toBe(1_250);
  });

  it('removing exactly the balance leaves zero', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      body: { puntos: -1_250 },
      idem: newIdem(),
    });
    expect(reply.json.data).toMatchObject({ saldo: 0 });
  });

  it('the balance always equals the sum of the history', async () => {
    const { engine } = newEngine();
    for (const puntos of [10_000, -3.5, 0.25, -1_000, 42]) {
      await call(engine, 'POST', api('/clientes/cli_0002/puntos'), { body: { puntos }, idem: newIdem() });
    }
    const history =
      (await call<PuntosMovimiento[]>(engine, 'GET', api('/clientes/cli_0002/puntos'))).json.data ?? [];
    expect(engine.admin.customer('cli_0002')?.puntos).toBe(sumOf(history));
    expect(history.at(-1)?.saldo).toBe(sumOf(history));
  });

  it('the history of an unknown customer is a 404', async () => {
    const { engine } = newEngine();
    expect((await call(engine, 'GET', api('/clientes/nadie/puntos'))).status).toBe(404);
  });
});

describe('notifications', () => {
  it('sending one answers the notification and records it', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/notificaciones'), {
      body: { titulo: 'Hola', mensaje: 'Tienes puntos' },
      idem: newIdem(),
    });
    expect(reply.json.data).toMatchObject({
      uid: 'cli_0001',
      titulo: 'Hola',
      mensaje: 'Tienes puntos',
      enviada: true,
    });
    expect(engine.admin.notifications()).toHaveLength(1);
  });

  it('to an unknown customer is a 404', async () => {
    const { engine } = newEngine();
    const reply = await call(engine, 'POST', api('/clientes/nadie/notificaciones'), {
      body: { titulo: 'Hola', mensaje: 'x' },
      idem: newIdem(),
    });
    expect(reply.status).toBe(404);
  });
});

describe('level recalculation', () => {
  it.each([
    [0, 'Bronce'],
    [999, 'Bronce'],
    [1_000, 'Plata'],
    [4_999.5, 'Plata'],
    [5_000, 'Oro'],
    [80_000, 'Oro'],
  ])('a balance of %d gives the level %s (puntosMinimos of the levels)', async (puntos, nivel) => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer({ puntos });
    const reply = await call(engine, 'POST', api(`/clientes/${uid}/nivel/recalcular`));
    expect(reply.json.data).toMatchObject({ uid, nivel });
  });

  it('reports the previous level and whether it changed', async () => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer({ puntos: 900 });
    await call(engine, 'POST', api(`/clientes/${uid}/puntos`), { body: { puntos: 200 }, idem: newIdem() });
    const first = await call(engine, 'POST', api(`/clientes/${uid}/nivel/recalcular`));
    const second = await call(engine, 'POST', api(`/clientes/${uid}/nivel/recalcular`));
    expect(first.json.data).toEqual({ uid, nivelAnterior: 'Bronce', nivel: 'Plata', cambio: true });
    expect(second.json.data).toEqual({ uid, nivelAnterior: 'Plata', nivel: 'Plata', cambio: false });
  });

  it('points movements alone do not change the stored level', async () => {
    const { engine } = newEngine();
    const uid = engine.admin.createCustomer({ puntos: 900 });
    await call(engine, 'POST', api(`/clientes/${uid}/puntos`), { body: { puntos: 200 }, idem: newIdem() });
    expect(engine.admin.customer(uid)?.nivel).toBe('Bronce');
  });
});
