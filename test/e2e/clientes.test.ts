/**
 * Customer flows end to end: create and read back, partial update, points and their history and
 * audit, notifications, and level recalculation across the seeded thresholds.
 */
import type { LoyaltyClient } from 'loyalty-sdk';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_APP_ID, ALL_KEY, keyIdOf, useLiveServer } from '../support/live-server.js';

const server = useLiveServer();
let client: LoyaltyClient;

beforeAll(() => {
  client = server.client();
});

beforeEach(() => {
  server.admin.reset();
});

/** A new customer through the SDK, with no points. */
async function newCustomer(nombre = 'Nueva'): Promise<string> {
  const created = await client.clientes.create({ usuarioData: { nombre, apellido: 'Cliente' } });
  return created.uid;
}

describe('clientes.create then clientes.retrieve', () => {
  it('a created customer is retrieved with exactly the record create returned', async () => {
    const created = await client.clientes.create({
      usuarioData: {
        nombre: 'Martina',
        apellido: 'Suárez',
        email: 'martina.suarez@example.com',
        telefono: '+57 300 555 0199',
        num_id: '1020304050',
        tipo_id: 'CC',
        birthdate: '1988-11-30',
        ciudad: 'Medellín',
        genero: 'F',
      },
      usuarioPassword: 'S3creta-inicial',
    });
    expect(created).toEqual({
      uid: 'cli_0025',
      email: 'martina.suarez@example.com',
      nombre: 'Martina',
      apellido: 'Suárez',
      telefono: '+57 300 555 0199',
      numId: '1020304050',
      tipoId: 'CC',
      birthday: '1988-11-30',
      ciudad: 'Medellín',
      genero: 'F',
      puntos: 0,
      nivel: 'Bronce',
      etiquetas: [],
    });
    expect(await client.clientes.retrieve(created.uid)).toEqual(created);
  });

  it('keys of usuarioData the spec does not name are kept apart under datosAdicionales', async () => {
    const created = await client.clientes.create({
      usuarioData: { nombre: 'Con extra', codigoReferido: 'REF-77', puntos: 9_999 },
    });
    const read = await client.clientes.retrieve(created.uid);
    expect(read.datosAdicionales).toEqual({ codigoReferido: 'REF-77', puntos: 9_999 });
    expect(read.puntos).toBe(0);
  });

  it('two creations give two customers with distinct uids', async () => {
    const first = await newCustomer('Uno');
    const second = await newCustomer('Dos');
    expect([first, second]).toEqual(['cli_0025', 'cli_0026']);
    expect((await client.clientes.retrieve(second)).nombre).toBe('Dos');
  });

  it('completo: false answers only uid, email, nombre, apellido, puntos, nivel and etiquetas', async () => {
    const summary = await client.clientes.retrieve('cli_0006', { completo: false });
    expect(summary).toEqual({
      uid: 'cli_0006',
      email: 'felipe.sanchez@example.com',
      nombre: 'Felipe',
      apellido: 'Sánchez',
      puntos: 12_400,
      nivel: 'Oro',
      etiquetas: ['vip', 'newsletter'],
    });
  });
});

describe('clientes.update', () => {
  it('changes only the fields sent; every other field keeps its value', async () => {
    const before = await client.clientes.retrieve('cli_0005');
    const updated = await client.clientes.update('cli_0005', {
      ciudad: 'Cusco',
      genericInt1: 3,
      tipoContribuyente: 2,
    });
    const after = await client.clientes.retrieve('cli_0005');
    expect(after).toEqual({ ...before, ciudad: 'Cusco', genericInt1: 3, tipoContribuyente: 2 });
    expect(updated).toEqual(after);
  });

  it('an empty update changes nothing', async () => {
    const before = await client.clientes.retrieve('cli_0005');
    expect(await client.clientes.update('cli_0005', {})).toEqual(before);
    expect(await client.clientes.retrieve('cli_0005')).toEqual(before);
  });
});

describe('clientes.puntos', () => {
  it('points added and removed appear in the history, oldest first, with the balance after each', async () => {
    const uid = await newCustomer();
    const added = await client.clientes.puntos.add(uid, { puntos: 300, motivo: 'Compra e2e' });
    const removed = await client.clientes.puntos.add(uid, { puntos: -120, motivo: 'Canje e2e' });
    expect(added).toMatchObject({ uid, puntos: 300, saldo: 300 });
    expect(removed).toMatchObject({ uid, puntos: -120, saldo: 180 });
    const history = await client.clientes.puntos.list(uid);
    expect(
      history.map(({ movimientoId, puntos, motivo, saldo, grupoId }) => ({
        movimientoId,
        puntos,
        motivo,
        saldo,
        grupoId,
      })),
    ).toEqual([
      { movimientoId: added.movimientoId, puntos: 300, motivo: 'Compra e2e', saldo: 300, grupoId: null },
      { movimientoId: removed.movimientoId, puntos: -120, motivo: 'Canje e2e', saldo: 180, grupoId: null },
    ]);
    expect((await client.clientes.retrieve(uid)).puntos).toBe(180);
  });

  it('a movement without motivo is recorded with motivo null', async () => {
    const uid = await newCustomer();
    await client.clientes.puntos.add(uid, { puntos: 12.5 });
    const history = await client.clientes.puntos.list(uid);
    expect(history).toEqual([expect.objectContaining({ puntos: 12.5, motivo: null, saldo: 12.5 })]);
  });

  it('the audit records each movement with its motivo and the key id, never the raw key', async () => {
    const uid = await newCustomer();
    const added = await client.clientes.puntos.add(uid, { puntos: 500, motivo: 'Bono aniversario' });
    await client.clientes.puntos.add(uid, { puntos: -200, motivo: 'Canje tienda' });
    const audit = server.admin.audit();
    expect(audit.map(({ fecha, ...entry }) => entry)).toEqual([
      {
        movimientoId: added.movimientoId,
        uid,
        puntos: 500,
        motivo: 'Bono aniversario',
        saldo: 500,
        grupoId: null,
        operationId: 'clientes.puntos.add',
        keyId: keyIdOf(ALL_KEY),
        appId: ALL_APP_ID,
      },
      expect.objectContaining({ uid, puntos: -200, motivo: 'Canje tienda', saldo: 300 }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(ALL_KEY);
  });

  it('reads leave the audit empty: only movements made through the API are audited', async () => {
    await client.clientes.puntos.list('cli_0001');
    await client.clientes.retrieve('cli_0001');
    expect(server.admin.audit()).toEqual([]);
  });

  it('the balance equals the sum of the history for every seeded customer', async () => {
    const uids = Array.from({ length: 24 }, (_, index) => `cli_${String(index + 1).padStart(4, '0')}`);
    for (const uid of uids) {
      const [cliente, history] = await Promise.all([
        client.clientes.retrieve(uid),
        client.clientes.puntos.list(uid),
      ]);
      const sum = history.reduce((total, movement) => total + movement.puntos, 0);
      expect(sum, uid).toBe(cliente.puntos);
      expect(history.at(-1)?.saldo, uid).toBe(cliente.puntos);
    }
  });

  it('the balance still equals the history sum after movements through the SDK', async () => {
    await client.clientes.puntos.add('cli_0010', { puntos: 10_000, motivo: 'máximo por llamada' });
    await client.clientes.puntos.add('cli_0010', { puntos: -10_000, motivo: 'máximo negativo' });
    await client.clientes.puntos.add('cli_0010', { puntos: -150, motivo: 'todo el saldo' });
    const history = await client.clientes.puntos.list('cli_0010');
    const cliente = await client.clientes.retrieve('cli_0010');
    expect(cliente.puntos).toBe(0);
    expect(history.reduce((total, movement) => total + movement.puntos, 0)).toBe(0);
  });
});

describe('clientes.notificaciones.send', () => {
  it('sends one push notification to the customer, as sent', async () => {
    const sent = await client.clientes.notificaciones.send('cli_0007', {
      titulo: '¡Tienes puntos!',
      mensaje: 'Gabriela, tu saldo es de 75 puntos.',
    });
    expect(sent).toMatchObject({
      notificacionId: expect.stringMatching(/^not_\d+$/),
      uid: 'cli_0007',
      titulo: '¡Tienes puntos!',
      mensaje: 'Gabriela, tu saldo es de 75 puntos.',
      enviada: true,
    });
    expect(server.admin.notifications()).toEqual([sent]);
  });
});

describe('clientes.nivel.recalculate', () => {
  it('a level changes only when recalculated after the balance crosses a threshold', async () => {
    const niveles = await client.configuracion.niveles.list();
    const [bronce, plata, oro] = niveles;
    expect([bronce?.nombre, plata?.nombre, oro?.nombre]).toEqual(['Bronce', 'Plata', 'Oro']);
    const uid = await newCustomer();

    await client.clientes.puntos.add(uid, { puntos: plata!.puntosMinimos - 1 });
    expect(await client.clientes.nivel.recalculate(uid)).toEqual({
      uid,
      nivelAnterior: 'Bronce',
      nivel: 'Bronce',
      cambio: false,
    });

    await client.clientes.puntos.add(uid, { puntos: 1 });
    expect((await client.clientes.retrieve(uid)).nivel).toBe('Bronce');
    expect(await client.clientes.nivel.recalculate(uid)).toEqual({
      uid,
      nivelAnterior: 'Bronce',
      nivel: 'Plata',
      cambio: true,
    });
    expect((await client.clientes.retrieve(uid)).nivel).toBe('Plata');

    await client.clientes.puntos.add(uid, { puntos: oro!.puntosMinimos - plata!.puntosMinimos });
    expect(await client.clientes.nivel.recalculate(uid)).toMatchObject({
      nivelAnterior: 'Plata',
      nivel: 'Oro',
    });
  });

  it('a level goes down when recalculated after the balance falls below its threshold', async () => {
    await client.clientes.puntos.add('cli_0012', { puntos: -1, motivo: 'bajo Plata' });
    expect(await client.clientes.nivel.recalculate('cli_0012')).toEqual({
      uid: 'cli_0012',
      nivelAnterior: 'Plata',
      nivel: 'Bronce',
      cambio: true,
    });
  });

  it('a second recalculation reports no change', async () => {
    await client.clientes.nivel.recalculate('cli_0011');
    expect(await client.clientes.nivel.recalculate('cli_0011')).toEqual({
      uid: 'cli_0011',
      nivelAnterior: 'Oro',
      nivel: 'Oro',
      cambio: false,
    });
  });
});
