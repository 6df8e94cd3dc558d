import * as z from 'zod/mini';
import type { OperationId, OperationRow } from './define.js';
import { BOUNDED_JSON, dryRun, idempotencyKey, jsonValue, motivo, puntos, uid } from './fields.js';
import { grupoParams } from './grupos.js';
import { once } from './once.js';
import { perfilUpdate } from './perfil.js';
import { PERIOD_RULES, regaloParams } from './promociones.js';

/**
 * What each field means, in words, for the help, the OpenAPI document and the MCP tools. Apart
 * from the schemas, which only check, because a client never shows a field's description: a
 * client's bundle carries none of this text, nor zod's registry code that it would pull in
 * (docs/decisions.md, "Cold start and the size of a Worker"). table.ts attaches it to the
 * schemas as zod's global registry holds descriptions, so `z.toJSONSchema` reads it as if the
 * schemas said it themselves.
 */

/** A field's description, or the JSON Schema it adds to its schema's (a description among it). */
type FieldProse = string | { readonly description: string; readonly [keyword: string]: unknown };

/** The schema of a field, built on first use. */
type Field = () => z.ZodMiniType;

/*
 * The two tables are returned by functions: a bundler keeps a top-level value whose text reads a
 * property (`PERIOD_RULES.order`) even when nothing uses it, but drops an unused function.
 */

/** Schemas that several operations (or the records of `data`) share: each described once. */
const sharedProse = (): ReadonlyArray<readonly [Field, FieldProse]> => [
  [uid, 'Customer UID'],
  [() => grupoParams().shape.grupoId, 'Group id, created by segment evaluation'],
  [() => regaloParams().shape.regaloId, 'Gift or promotion id'],
  [
    puntos,
    // The schema refuses 0 with a refinement, which JSON Schema cannot show; `not` says the same.
    { description: 'Points in the public unit; a negative number removes', not: { enum: [0] } },
  ],
  [motivo, 'Reason, kept in the audit'],
  [dryRun, 'true: nothing is executed; the answer reports the customers affected and the estimated cost'],
  [jsonValue, `Any ${BOUNDED_JSON}`],
  [idempotencyKey, 'Idempotency key, printable ASCII; a UUID is suitable'],
  [() => perfilUpdate().shape.tipoId, 'Identification type'],
  [() => perfilUpdate().shape.numId, 'Identification number'],
  [() => perfilUpdate().shape.extId, 'Customer id in an external system (ERP or point of sale)'],
  [() => perfilUpdate().shape.tipoContribuyente, 'Fiscal type'],
];

/** Each operation's own fields (of its path, query or body), by name. */
const ownProse = (): { readonly [Id in OperationId]?: { readonly [field: string]: FieldProse } } => ({
  'tareas.setStatus': {
    tareaId: 'Task id',
    // JSON Schema would say number for a literal; the values are integers.
    status: { type: 'integer', description: '1 active, 0 inactive' },
    nombre: 'Name used for the log',
  },
  'clientes.create': {
    usuarioData: `Customer data; a key the spec does not name takes any ${BOUNDED_JSON}`,
    usuarioPassword: 'Initial password; random when omitted',
  },
  'clientes.retrieve': { completo: 'Include all information; default true' },
  'clientes.notificaciones.send': { titulo: 'Title', mensaje: 'Message' },
  'grupos.etiquetas.add': { etiqueta: 'The tag' },
  'grupos.nombre.set': { nombre: 'Group name' },
  'promociones.list': {
    tipo: 'Omitted: all gifts, code coupons (101) and games (7) included. 1: only gifts and promotions (101 and 7 excluded). Another value: that type only.',
  },
  'promociones.setStatus': {
    comando: "The dashboard's command: activar, desactivar, programar (with fecha), and others",
    fecha: 'Date for scheduled commands',
  },
  'promociones.cupones.list': {
    inicio: 'First day, YYYY-MM-DD, whole day in the business time zone',
    fin: `Last day, YYYY-MM-DD, inclusive; ${PERIOD_RULES.order}; ${PERIOD_RULES.span}`,
  },
});

/**
 * Gives `schema` its description. An optional field's goes on the value's schema inside the
 * `optional`, where `.check(z.describe())` put it.
 */
function describe(schema: z.core.$ZodType, prose: FieldProse): void {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.core.$ZodType };
  const target = def.type === 'optional' && def.innerType ? def.innerType : schema;
  z.globalRegistry.add(target, typeof prose === 'string' ? { description: prose } : prose);
}

/** Describes the shared schemas, building them (a few small schemas) on the first call. */
export const describeSharedFields = /* @__PURE__ */ once(() => {
  for (const [field, prose] of sharedProse()) describe(field(), prose);
});

/**
 * Describes the fields an operation takes: the shared ones, and its own. A description that
 * names no field of the operation throws, so a renamed field cannot lose its description quietly.
 */
export function describeFields(operation: OperationRow): void {
  describeSharedFields();
  const shapes = [operation.params, operation.query, operation.body].map((schema) => schema?.shape ?? {});
  for (const [name, prose] of Object.entries(ownProse()[operation.id] ?? {})) {
    const field = shapes.find((shape) => name in shape)?.[name];
    if (!field) throw new Error(`field-prose: ${operation.id} takes no field ${name}`);
    describe(field, prose);
  }
}
