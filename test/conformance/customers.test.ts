import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Cliente,
  ERROR_CODES,
  expectDetail,
  expectEnvelopeError,
  expectLegacy,
  expectOk,
  type Fixtures,
  makeFixtures,
  type Nivel,
  type OperationId,
  operations,
  SAMPLES,
  uniqueEmail,
  useServer,
} from '../support/conformance-harness.js';

const h = useServer();
let fx: Fixtures;

beforeAll(async () => {
  fx = await makeFixtures(h);
});

describe('creating a customer', () => {
  it('POST /clientes returns the new customer with its uid, zero points, no tags and a level', async () => {
    const email = uniqueEmail();
    const reply = await h.op<Cliente>('clientes.create', {
      body: {
        usuarioData: { nombre: 'Lucía', apellido: 'Pérez', email, ciudad: 'Cali' },
        usuarioPassword: 'x1y2z3w4',
      },
    });
    const created = expectOk(reply);
    expect(typeof created.uid).toBe('string');
    expect(created.uid.length).toBeGreaterThan(0);
    expect(created.email).toBe(email);
    expect(created.puntos).toBe(0);
    expect(created.etiquetas).toEqual([]);
    expect(typeof created.nivel).toBe('string');
  });

  it('the created customer can be read back with GET /clientes/{uid}', async () => {
    const email = uniqueEmail();
    const created = await h.newCliente({ nombre: 'Mateo', email, telefono: '+57 300 000 0000' });
    const read = await h.cliente(created.uid);
    expect(read.uid).toBe(created.uid);
    expect(read.nombre).toBe('Mateo');
    expect(read.email).toBe(email);
    expect(read.telefono).toBe('+57 300 000 0000');
  });

  it('usuarioPassword may be omitted (a random one is generated)', async () => {
    const reply = await h.op('clientes.create', { body: { usuarioData: { email: uniqueEmail() } } });
    expect(reply.status, reply.text).toBe(200);
  });

  it('two creations give two different uids', async () => {
    const one = await h.newCliente();
    const two = await h.newCliente();
    expect(one.uid).not.toBe(two.uid);
  });
});

describe('PATCH /clientes/{uid}', () => {
  it('changes only the fields sent; all others keep their value', async () => {
    const created = await h.newCliente({
      nombre: 'Ana',
      apellido: 'Gómez',
      ciudad: 'Bogotá',
      telefono: '111',
    });
    const reply = await h.op<Cliente>('clientes.update', {
      params: { uid: created.uid },
      body: { ciudad: 'Medellín', genericInt2: 9 },
    });
    const updated = expectOk(reply);
    expect(updated.ciudad).toBe('Medellín');
    expect(updated.genericInt2).toBe(9);
    const read = await h.cliente(created.uid);
    expect(read.ciudad).toBe('Medellín');
    expect(read.genericInt2).toBe(9);
    expect(read.nombre).toBe('Ana');
    expect(read.apellido).toBe('Gómez');
    expect(read.telefono).toBe('111');
    expect(read.email).toBe(created.email);
    expect(read.puntos).toBe(created.puntos);
  });

  it('a second PATCH keeps the fields of the first', async () => {
    const created = await h.newCliente();
    await h.op('clientes.update', {
      params: { uid: created.uid },
      body: { extId: 'ERP-1', tipoContribuyente: 3 },
    });
    await h.op('clientes.update', { params: { uid: created.uid }, body: { genericString1: 'libre' } });
    const read = await h.cliente(created.uid);
    expect(read.extId).toBe('ERP-1');
    expect(read.tipoContribuyente).toBe(3);
    expect(read.genericString1).toBe('libre');
  });

  it('an empty PATCH is accepted and changes nothing', async () => {
    const created = await h.newCliente({ nombre: 'Quieto' });
    const before = await h.cliente(created.uid);
    const reply = await h.op('clientes.update', { params: { uid: created.uid }, body: {} });
    expect(reply.status, reply.text).toBe(200);
    expect(await h.cliente(created.uid)).toEqual(before);
  });

  it('the email is rejected (400 naming email) and stays as it was', async () => {
    const created = await h.newCliente();
    const reply = await h.op('clientes.update', {
      params: { uid: created.uid },
      body: { nombre: 'Nuevo', email: uniqueEmail() },
    });
    expectDetail(reply, { in: 'body', name: 'email' });
    const read = await h.cliente(created.uid);
    expect(read.email).toBe(created.email);
    expect(read.nombre).toBe(created.nombre);
  });
});

describe('unknown customer (404, code 9404)', () => {
  const uidOperations = operations
    .filter((operation) => operation.path.includes('{uid}'))
    .map((o) => [o.id] as [OperationId]);

  it.each(uidOperations)('%s on an unknown uid is 404 with code 9404', async (id) => {
    const reply = await h.op(id, { ...SAMPLES[id](fx), params: { uid: 'conformance-nobody-here' } });
    expectEnvelopeError(reply, 404, ERROR_CODES.notFound);
  });
});

describe('points of one customer', () => {
  it('adding points returns the movement and raises the balance', async () => {
    const { uid } = await h.newCliente();
    const reply = await h.op<{ uid: string; puntos: number; saldo: number; movimientoId: string }>(
      'clientes.puntos.add',
      { params: { uid }, body: { puntos: 250, motivo: 'bienvenida' } },
    );
    const data = expectOk(reply);
    expect(data.uid).toBe(uid);
    expect(data.puntos).toBe(250);
    expect(data.saldo).toBe(250);
    expect(typeof data.movimientoId).toBe('string');
    expect(await h.balance(uid)).toBe(250);
  });

  it('negative points remove them', async () => {
    const { uid } = await h.newCliente();
    await h.give(uid, 300);
    const reply = await h.op<{ saldo: number }>('clientes.puntos.add', {
      params: { uid },
      body: { puntos: -120 },
    });
    expect(expectOk(reply).saldo).toBe(180);
    expect(await h.balance(uid)).toBe(180);
  });

  it('points may have decimals (a number in the public unit)', async () => {
    const { uid } = await h.newCliente();
    const reply = await h.op('clientes.puntos.add', { params: { uid }, body: { puntos: 2.5 } });
    expect(reply.status, reply.text).toBe(200);
    expect(await h.balance(uid)).toBe(2.5);
  });

  it('removing exactly the whole balance is allowed', async () => {
    const { uid } = await h.newCliente();
    await h.give(uid, 75);
    const reply = await h.op('clientes.puntos.add', { params: { uid }, body: { puntos: -75 } });
    expect(reply.status, reply.text).toBe(200);
    expect(await h.balance(uid)).toBe(0);
  });

  it('removing more than the balance is 422 with meta.legacy.codigo SALDO_INSUFICIENTE and changes nothing', async () => {
    const { uid } = await h.newCliente();
    await h.give(uid, 100);
    const movements = (await h.history(uid)).length;
    const reply = await h.op('clientes.puntos.add', {
      params: { uid },
      body: { puntos: -101, motivo: 'canje' },
    });
    expectLegacy(reply, 'SALDO_INSUFICIENTE');
    expect(await h.balance(uid)).toBe(100);
    expect((await h.history(uid)).length).toBe(movements);
  });
});

describe('notifications', () => {
  it('sends a push notification and reports it', async () => {
    const { uid } = await h.newCliente();
    const reply = await h.op<{
      notificacionId: string;
      uid: string;
      titulo: string;
      mensaje: string;
      enviada: boolean;
    }>('clientes.notificaciones.send', {
      params: { uid },
      body: { titulo: 'Hola', mensaje: 'Tienes 10 puntos' },
    });
    const data = expectOk(reply);
    expect(data.uid).toBe(uid);
    expect(data.titulo).toBe('Hola');
    expect(data.mensaje).toBe('Tienes 10 puntos');
    expect(data.enviada).toBe(true);
    expect(typeof data.notificacionId).toBe('string');
  });
});

describe('level recalculation', () => {
  it('recomputes the level from the rules: the highest level whose minimum the balance reaches', async () => {
    const niveles = expectOk(await h.op<Nivel[]>('configuracion.niveles.list'));
    const sorted = [...niveles].sort((a, b) => a.puntosMinimos - b.puntosMinimos);
    const target = sorted[1] ?? sorted[0];
    expect(target).toBeDefined();
    const { uid } = await h.newCliente();
    await h.give(uid, (target as Nivel).puntosMinimos + 1);
    const reply = await h.op<{ uid: string; nivelAnterior: string; nivel: string; cambio: boolean }>(
      'clientes.nivel.recalculate',
      { params: { uid } },
    );
    const data = expectOk(reply);
    expect(data.uid).toBe(uid);
    expect(typeof data.nivelAnterior).toBe('string');
    expect(data.nivel).toBe((target as Nivel).nombre);
    expect(data.cambio).toBe(data.nivel !== data.nivelAnterior);
    expect((await h.cliente(uid)).nivel).toBe((target as Nivel).nombre);
  });

  it('recalculating twice reports no change the second time', async () => {
    const { uid } = await h.newCliente();
    await h.op('clientes.nivel.recalculate', { params: { uid } });
    const second = expectOk(
      await h.op<{ nivelAnterior: string; nivel: string; cambio: boolean }>('clientes.nivel.recalculate', {
        params: { uid },
      }),
    );
    expect(second.cambio).toBe(false);
    expect(second.nivel).toBe(second.nivelAnterior);
  });
});
