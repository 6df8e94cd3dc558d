import * as z from 'zod/mini';
import { once } from './once.js';
import { perfilUpdate } from './perfil.js';

/**
 * Schemas of `data`. The spec does not show record fields; these are the reference server's
 * (docs/decisions.md, "Records returned by the reference server"). They are exact: every field
 * the server returns is declared, and the types have no catch-all member. The client never parses
 * `data` with them, so a field the real service adds still reaches the caller at run time. Each
 * is built on its first use (once.ts).
 */

const text = () => z.string();
const nullableText = () => z.nullable(z.string());
const id = () => z.int();
const described = <Schema extends z.ZodMiniType>(schema: Schema, description: string) =>
  schema.check(z.describe(description)) as Schema;
const instant = () => described(text(), 'ISO 8601 instant');

export const cliente = /* @__PURE__ */ once(() =>
  z.object({
    uid: text(),
    email: z.optional(text()),
    ...perfilUpdate().shape,
    puntos: described(z.number(), 'Balance in the public unit'),
    nivel: described(text(), 'Name of the current level'),
    etiquetas: z.array(text()),
    datosAdicionales: z.optional(
      described(
        z.record(z.string(), z.unknown()),
        'Keys of usuarioData that the spec does not name, kept as sent',
      ),
    ),
  }),
);

export const movimiento = /* @__PURE__ */ once(() =>
  z.object({
    movimientoId: text(),
    uid: text(),
    puntos: z.number(),
    motivo: nullableText(),
    saldo: described(z.number(), 'Balance after the movement'),
    fecha: instant(),
    grupoId: described(z.nullable(id()), 'The group whose action made the movement, or null'),
  }),
);

export const puntosResultado = /* @__PURE__ */ once(() =>
  z.object({
    uid: text(),
    movimientoId: text(),
    puntos: z.number(),
    saldo: described(z.number(), 'Balance after the movement'),
  }),
);

export const notificacion = /* @__PURE__ */ once(() =>
  z.object({
    notificacionId: text(),
    uid: text(),
    titulo: text(),
    mensaje: text(),
    enviada: z.boolean(),
    fecha: instant(),
  }),
);

export const nivelResultado = /* @__PURE__ */ once(() =>
  z.object({
    uid: text(),
    nivelAnterior: text(),
    nivel: text(),
    cambio: z.boolean(),
  }),
);

export const nivel = /* @__PURE__ */ once(() =>
  z.object({
    nivelId: id(),
    nombre: text(),
    puntosMinimos: described(z.number(), 'Minimum balance of the level'),
    reglas: described(z.array(text()), 'The calculation rules of the level, in words'),
  }),
);

export const grupoAccion = /* @__PURE__ */ once(() =>
  z.object({
    grupoId: id(),
    dryRun: z.boolean(),
    afectados: described(z.int(), 'Customers that the action reaches (or would reach)'),
    costoEstimado: described(z.number(), 'Points granted in all (negative when removing); 0 for tags'),
    saldoInsuficiente: z.optional(
      described(
        z.int(),
        'Dry run removing points: members whose balance would go below 0 (the action would be refused)',
      ),
    ),
  }),
);

export const grupo = /* @__PURE__ */ once(() => z.object({ grupoId: id(), nombre: text() }));

export const tarea = /* @__PURE__ */ once(() =>
  z.object({
    tareaId: id(),
    nombre: text(),
    status: described(z.int(), '1 active, 0 inactive'),
    disparador: described(text(), 'What starts the task (registro, cumpleanos, ...)'),
    condiciones: described(z.array(text()), 'Conditions checked before the actions, in words'),
    acciones: described(z.array(text()), 'What the task does, in order'),
    ultimoCambio: described(
      z.nullable(
        z.object({
          status: z.int(),
          nombre: described(nullableText(), 'The name sent for the log, or null'),
          keyId: described(text(), 'The key that made the change (its id, never the key)'),
          fecha: instant(),
        }),
      ),
      'The last status change made through the API, or null',
    ),
  }),
);

export const promocion = /* @__PURE__ */ once(() =>
  z.object({
    regaloId: id(),
    nombre: text(),
    tipo: z.int(),
    estado: described(text(), 'activa, inactiva or programada'),
    fechaProgramada: nullableText(),
  }),
);

export const cuponesUso = /* @__PURE__ */ once(() =>
  z.object({
    regaloId: id(),
    inicio: text(),
    fin: text(),
    total: z.int(),
    dias: z.array(z.object({ fecha: text(), canjes: z.int() })),
  }),
);

const catalogItem = () => z.object({ id: text(), label: text(), type: text() });

export const reportDataset = /* @__PURE__ */ once(() =>
  z.object({
    label: text(),
    fields: z.array(catalogItem()),
    metrics: z.array(catalogItem()),
    filters: z.array(z.object({ id: text(), label: text(), type: text(), operators: z.array(text()) })),
  }),
);

export const reportCatalog = /* @__PURE__ */ once(() => z.record(z.string(), reportDataset()));

/** An OpenAPI 3.0 document: the fields every reader needs; the rest of the standard passes through. */
export const openApiDocument = /* @__PURE__ */ once(() =>
  z.looseObject({
    openapi: text(),
    info: z.looseObject({ title: text(), version: text() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);
