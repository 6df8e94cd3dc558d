/**
 * Group actions end to end: a dry run first (it changes nothing), then the action applied to
 * every member; tags; naming; and the business rules of groups. Groups are made with
 * `admin.createGroup`, standing in for the segment evaluation the spec only refers to.
 */
import { type LoyaltyClient, UnprocessableEntityError } from 'loyalty-sdk';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_APP_ID, ALL_KEY, keyIdOf, rejectionOf, useLiveServer } from '../support/live-server.js';

const server = useLiveServer();
let client: LoyaltyClient;

/** Balances on the demo seed: 0, 320 and 75 points. */
const MEMBERS = ['cli_0002', 'cli_0005', 'cli_0007'] as const;
let grupoId = 0;

beforeAll(() => {
  client = server.client();
});

beforeEach(() => {
  server.admin.reset();
  grupoId = server.admin.createGroup({ uids: [...MEMBERS], nombre: 'Clientes e2e' });
});

const balances = () => MEMBERS.map((uid) => server.admin.customer(uid)?.puntos);
const tags = () => MEMBERS.map((uid) => server.admin.customer(uid)?.etiquetas);

describe('grupos.puntos.add', () => {
  it('a dry run reports afectados and costoEstimado and changes nothing', async () => {
    const historyBefore = await client.clientes.puntos.list('cli_0005');
    const preview = await client.grupos.puntos.add(grupoId, { puntos: 50, motivo: 'Campaña', dryRun: true });
    expect(preview).toEqual({ grupoId, dryRun: true, afectados: 3, costoEstimado: 150 });
    expect(balances()).toEqual([0, 320, 75]);
    expect(await client.clientes.puntos.list('cli_0005')).toEqual(historyBefore);
    expect(server.admin.audit()).toEqual([]);
  });

  it('a negative dry run also counts the members whose balance would not cover it', async () => {
    const preview = await client.grupos.puntos.add(grupoId, { puntos: -100, dryRun: true });
    expect(preview).toEqual({
      grupoId,
      dryRun: true,
      afectados: 3,
      costoEstimado: -300,
      saldoInsuficiente: 2,
    });
    expect(balances()).toEqual([0, 320, 75]);
  });

  it('applied after its dry run, the action reaches every member once', async () => {
    await client.grupos.puntos.add(grupoId, { puntos: 50, motivo: 'Campaña', dryRun: true });
    const applied = await client.grupos.puntos.add(grupoId, { puntos: 50, motivo: 'Campaña' });
    expect(applied).toEqual({ grupoId, dryRun: false, afectados: 3, costoEstimado: 150 });
    expect(balances()).toEqual([50, 370, 125]);
    for (const uid of MEMBERS) {
      const last = (await client.clientes.puntos.list(uid)).at(-1);
      expect(last, uid).toMatchObject({ uid, puntos: 50, motivo: 'Campaña', grupoId });
    }
  });

  it('each member movement of an applied action is audited with the group and the key id', async () => {
    await client.grupos.puntos.add(grupoId, { puntos: 20, motivo: 'Campaña auditada' });
    const audit = server.admin.audit();
    expect(
      audit.map(({ uid, puntos, motivo, saldo, grupoId: grupo, operationId, keyId, appId }) => ({
        uid,
        puntos,
        motivo,
        saldo,
        grupo,
        operationId,
        keyId,
        appId,
      })),
    ).toEqual(
      MEMBERS.map((uid, index) => ({
        uid,
        puntos: 20,
        motivo: 'Campaña auditada',
        saldo: [20, 340, 95][index],
        grupo: grupoId,
        operationId: 'grupos.puntos.add',
        keyId: keyIdOf(ALL_KEY),
        appId: ALL_APP_ID,
      })),
    );
    expect(JSON.stringify(audit)).not.toContain(ALL_KEY);
  });

  it('removing more than one member holds applies to nobody (UnprocessableEntityError)', async () => {
    const error = await rejectionOf(client.grupos.puntos.add(grupoId, { puntos: -100 }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).legacy).toEqual({
      codigo: 'SALDO_INSUFICIENTE',
      grupoId,
      puntos: -100,
      insuficientes: 2,
      uids: ['cli_0002', 'cli_0007'],
    });
    expect(balances()).toEqual([0, 320, 75]);
    expect(server.admin.audit()).toEqual([]);
  });

  it('a dry run of the seeded group "Todos los clientes" reaches the 24 seeded customers', async () => {
    expect(await client.grupos.puntos.add(1, { puntos: 10, dryRun: true })).toEqual({
      grupoId: 1,
      dryRun: true,
      afectados: 24,
      costoEstimado: 240,
    });
  });

  it('an unknown group is a business rule: UnprocessableEntityError GRUPO_INEXISTENTE', async () => {
    const error = await rejectionOf(client.grupos.puntos.add(999, { puntos: 10, dryRun: true }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).status).toBe(422);
    expect((error as UnprocessableEntityError).legacy).toEqual({ codigo: 'GRUPO_INEXISTENTE', grupoId: 999 });
  });
});

describe('grupos.etiquetas.add', () => {
  it('a tag dry run reports the members and changes no tags', async () => {
    const preview = await client.grupos.etiquetas.add(grupoId, { etiqueta: 'promo-junio', dryRun: true });
    expect(preview).toEqual({ grupoId, dryRun: true, afectados: 3, costoEstimado: 0 });
    expect(tags()).toEqual([[], [], []]);
  });

  it('an applied tag reaches every member, and tagging again adds it no second time', async () => {
    await client.grupos.etiquetas.add(grupoId, { etiqueta: 'promo-junio', dryRun: true });
    const applied = await client.grupos.etiquetas.add(grupoId, { etiqueta: 'promo-junio' });
    expect(applied).toEqual({ grupoId, dryRun: false, afectados: 3, costoEstimado: 0 });
    await client.grupos.etiquetas.add(grupoId, { etiqueta: 'promo-junio' });
    expect(tags()).toEqual([['promo-junio'], ['promo-junio'], ['promo-junio']]);
    expect((await client.clientes.retrieve('cli_0005')).etiquetas).toEqual(['promo-junio']);
  });

  it('a tag keeps the tags a member already had', async () => {
    const bogota = 3;
    await client.grupos.etiquetas.add(bogota, { etiqueta: 'bogota' });
    expect((await client.clientes.retrieve('cli_0001')).etiquetas).toEqual(['vip', 'bogota']);
  });
});

describe('grupos.nombre.set', () => {
  it('names a group and answers the new name', async () => {
    expect(await client.grupos.nombre.set(grupoId, { nombre: 'Clientes recuperados' })).toEqual({
      grupoId,
      nombre: 'Clientes recuperados',
    });
    expect(await client.grupos.nombre.set(grupoId, { nombre: 'Clientes recuperados 2' })).toEqual({
      grupoId,
      nombre: 'Clientes recuperados 2',
    });
  });

  it('naming an unknown group is UnprocessableEntityError GRUPO_INEXISTENTE', async () => {
    const error = await rejectionOf(client.grupos.nombre.set(404, { nombre: 'Nadie' }));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).legacy).toEqual({ codigo: 'GRUPO_INEXISTENTE', grupoId: 404 });
  });
});
