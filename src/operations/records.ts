import * as z from 'zod/mini';
import { _isoDateTime } from 'zod/v4/core';
import { isoDate, positiveId, uid } from './fields.js';
import { LIMITS } from './limits.js';
import { once } from './once.js';
import { perfilUpdate } from './perfil.js';

/**
 * Schemas of `data`. The spec does not show record fields; these are the reference server's
 * (docs/decisions.md, "Records returned by the reference server"). They are exact: every field
 * the server returns is declared, and the types have no catch-all member. The client never parses
 * `data` with them, so a field the real service adds still reaches the caller at run time. Each
 * is built on its first use (once.ts).
 *
 * Each value rule of a record (an enum, a minimum, a format, a length) is one the spec gives or
 * one the reference server keeps (docs/decisions.md, "Records returned by the reference
 * server"); where it is the spec's, `x-spec-rule` quotes the spec in one line, and verify's
 * `value` findings name it.
 */

const text = () => z.string();
const nullableText = () => z.nullable(z.string());
const described = <Schema extends z.ZodMiniType>(schema: Schema, description: string) =>
  schema.check(z.describe(description)) as Schema;
/** A rule of the spec, quoted where the document declares it. */
const spec = <Schema extends z.ZodMiniType>(schema: Schema, quote: string) =>
  schema.check(z.meta({ 'x-spec-rule': quote })) as Schema;
/** How many of something: an integer, at least 0. */
const count = () => z.int().check(z.minimum(0));
/** A balance: removals past it are refused (SALDO_INSUFICIENTE), so it is never below 0. */
const balance = (description: string) => described(z.number().check(z.minimum(0)), description);
/** An instant as the reference server writes it (ISO 8601, `Z` or an offset). */
const instant = () => described(_isoDateTime(z.ZodMiniISODateTime, { offset: true }), 'ISO 8601 instant');
/** An id the reference server issues: a non-empty string (`mov_1`, `not_1`). */
const issuedId = () => z.string().check(z.minLength(1));

const customerUid = () =>
  spec(uid(), 'Customer: identified by a UID: string, at most 128 characters, used as {uid} in paths.');
const grupoId = () => spec(positiveId(), 'Group: identified by `grupoId`: integer, at least 1.');
const tareaId = () => spec(positiveId(), 'Task: identified by `tareaId`: integer, at least 1.');
const regaloId = () => spec(positiveId(), 'Promotion: identified by `regaloId`: integer, at least 1.');
// JSON Schema would say number for a literal; the values are integers.
const taskStatus = () =>
  spec(
    z.literal([0, 1]).check(z.meta({ type: 'integer' })),
    'Task: has an activation status: 1 active, 0 inactive.',
  );
const periodDay = (quote: string) => spec(isoDate(), quote);
/** A field of the spec's table of profile fields, its rule quoted. */
const profileField = <Inner extends z.ZodMiniType>(field: z.ZodMiniOptional<Inner>, quote: string) =>
  z.optional(spec(field.def.innerType, quote));

/** The profile fields as a customer record carries them: the table's, in its order. */
const profile = () => {
  const fields = perfilUpdate().shape;
  return {
    ...fields,
    birthday: profileField(fields.birthday, 'birthday: date, YYYY-MM-DD.'),
    tipoContribuyente: profileField(
      fields.tipoContribuyente,
      'tipoContribuyente: integer, fiscal type, range 1..6.',
    ),
    genericDate1: profileField(fields.genericDate1, 'genericDate1, genericDate2: date.'),
    genericDate2: profileField(fields.genericDate2, 'genericDate1, genericDate2: date.'),
  };
};

export const cliente = /* @__PURE__ */ once(() =>
  z.object({
    uid: customerUid(),
    email: z.optional(text()),
    ...profile(),
    puntos: balance('Balance in the public unit'),
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
    movimientoId: issuedId(),
    uid: customerUid(),
    puntos: z.number(),
    motivo: nullableText(),
    saldo: balance('Balance after the movement'),
    fecha: instant(),
    grupoId: described(z.nullable(grupoId()), 'The group whose action made the movement, or null'),
  }),
);

export const puntosResultado = /* @__PURE__ */ once(() =>
  z.object({
    uid: customerUid(),
    movimientoId: issuedId(),
    // Not the request's `puntos()`: its `not: { enum: [0] }` makes a mock generator answer any type.
    puntos: z.number(),
    saldo: balance('Balance after the movement'),
  }),
);

export const notificacion = /* @__PURE__ */ once(() =>
  z.object({
    notificacionId: issuedId(),
    uid: customerUid(),
    titulo: spec(
      text().check(z.minLength(1), z.maxLength(LIMITS.tituloMaxLength)),
      'titulo: at most 120 characters.',
    ),
    mensaje: spec(
      text().check(z.minLength(1), z.maxLength(LIMITS.mensajeMaxLength)),
      'mensaje: at most 500 characters.',
    ),
    enviada: z.boolean(),
    fecha: instant(),
  }),
);

export const nivelResultado = /* @__PURE__ */ once(() =>
  z.object({
    uid: customerUid(),
    nivelAnterior: text(),
    nivel: text(),
    cambio: z.boolean(),
  }),
);

export const nivel = /* @__PURE__ */ once(() =>
  z.object({
    nivelId: positiveId(),
    nombre: text(),
    puntosMinimos: balance('Minimum balance of the level'),
    reglas: described(z.array(text()), 'The calculation rules of the level, in words'),
  }),
);

/** What a group action answers, run or not: the dry run's own variant says it did not run. */
const grupoAccionFields = () => ({
  grupoId: grupoId(),
  afectados: spec(
    described(count(), 'Customers that the action reaches (or would reach)'),
    'Group actions: the response reports how many customers would be affected and the estimated cost.',
  ),
  costoEstimado: described(z.number(), 'Points granted in all (negative when removing); 0 for tags'),
});

export const grupoAccion = /* @__PURE__ */ once(() =>
  z.discriminatedUnion('dryRun', [
    z.object({
      ...grupoAccionFields(),
      dryRun: spec(
        described(z.literal(true), 'A dry run: nothing was executed'),
        'Group actions accept `dryRun: true` in the body: nothing is executed.',
      ),
      saldoInsuficiente: z.optional(
        described(
          count(),
          'Dry run removing points: members whose balance would go below 0 (the action would be refused)',
        ),
      ),
    }),
    z.object({
      ...grupoAccionFields(),
      dryRun: described(z.literal(false), 'The action was applied'),
    }),
  ]),
);

export const grupo = /* @__PURE__ */ once(() =>
  z.object({
    grupoId: grupoId(),
    nombre: spec(
      text().check(z.minLength(1), z.maxLength(LIMITS.grupoNombreMaxLength)),
      'Group: has a name (string, at most 120 characters).',
    ),
  }),
);

export const tarea = /* @__PURE__ */ once(() =>
  z.object({
    tareaId: tareaId(),
    nombre: text(),
    status: described(taskStatus(), '1 active, 0 inactive'),
    disparador: described(text(), 'What starts the task (registro, cumpleanos, ...)'),
    condiciones: described(z.array(text()), 'Conditions checked before the actions, in words'),
    acciones: described(z.array(text()), 'What the task does, in order'),
    ultimoCambio: described(
      z.nullable(
        z.object({
          status: taskStatus(),
          nombre: described(
            z.nullable(
              spec(
                text().check(z.maxLength(LIMITS.tareaNombreMaxLength)),
                'nombre: at most 200 characters; for the log.',
              ),
            ),
            'The name sent for the log, or null',
          ),
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
    regaloId: regaloId(),
    nombre: text(),
    tipo: spec(count(), 'tipo: integer, at least 0.'),
    estado: described(text(), 'activa, inactiva or programada'),
    fechaProgramada: nullableText(),
  }),
);

export const cuponesUso = /* @__PURE__ */ once(() =>
  z.object({
    regaloId: regaloId(),
    inicio: periodDay('inicio: date, YYYY-MM-DD.'),
    fin: periodDay('fin: date, YYYY-MM-DD; inclusive.'),
    total: described(count(), 'Coupons used in the period'),
    dias: z.array(z.object({ fecha: isoDate(), canjes: count() })),
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

/** The datasets the spec names are each there; a service may have more. */
export const reportCatalog = /* @__PURE__ */ once(() =>
  spec(
    z.catchall(
      z.object({
        compras: reportDataset(),
        lealtad: reportDataset(),
        usuarios: reportDataset(),
        wallet_descargas: reportDataset(),
      }),
      reportDataset(),
    ),
    'Report catalog: returned in `data`, keyed by dataset name (compras, lealtad, usuarios, wallet_descargas).',
  ),
);

/** An OpenAPI 3.0 document: the fields every reader needs; the rest of the standard passes through. */
export const openApiDocument = /* @__PURE__ */ once(() =>
  z.looseObject({
    openapi: spec(
      text().check(z.regex(/^3\.0\.\d+$/)),
      'The OpenAPI description returned by the service conforms to OpenAPI 3.0.',
    ),
    info: z.looseObject({ title: text(), version: text() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);
