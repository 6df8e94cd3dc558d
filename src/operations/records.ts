import * as z from 'zod';
import { perfilUpdate } from './perfil.js';

/**
 * Schemas of `data`. The spec does not show record fields; these are the reference server's
 * (docs/decisions.md, "Records returned by the reference server"). They are exact: every field
 * the server returns is declared, and the types have no catch-all member. The client never parses
 * `data` with them, so a field the real service adds still reaches the caller at run time.
 */

const text = z.string();
const nullableText = z.string().nullable();
const id = z.int();

export const cliente = z.object({
  uid: text,
  email: text.optional(),
  ...perfilUpdate.shape,
  puntos: z.number().describe('Balance in the public unit'),
  nivel: text.describe('Name of the current level'),
  etiquetas: z.array(text),
  datosAdicionales: z
    .record(z.string(), z.unknown())
    .describe('Keys of usuarioData that the spec does not name, kept as sent')
    .optional(),
});

export const movimiento = z.object({
  movimientoId: text,
  uid: text,
  puntos: z.number(),
  motivo: nullableText,
  saldo: z.number().describe('Balance after the movement'),
  fecha: text.describe('ISO 8601 instant'),
  grupoId: id.nullable().describe('The group whose action made the movement, or null'),
});

export const puntosResultado = z.object({
  uid: text,
  movimientoId: text,
  puntos: z.number(),
  saldo: z.number().describe('Balance after the movement'),
});

export const notificacion = z.object({
  notificacionId: text,
  uid: text,
  titulo: text,
  mensaje: text,
  enviada: z.boolean(),
  fecha: text.describe('ISO 8601 instant'),
});

export const nivelResultado = z.object({
  uid: text,
  nivelAnterior: text,
  nivel: text,
  cambio: z.boolean(),
});

export const nivel = z.object({
  nivelId: id,
  nombre: text,
  puntosMinimos: z.number().describe('Minimum balance of the level'),
  reglas: z.array(text).describe('The calculation rules of the level, in words'),
});

export const grupoAccion = z.object({
  grupoId: id,
  dryRun: z.boolean(),
  afectados: z.int().describe('Customers that the action reaches (or would reach)'),
  costoEstimado: z.number().describe('Points granted in all (negative when removing); 0 for tags'),
  saldoInsuficiente: z
    .int()
    .describe('Dry run removing points: members whose balance would go below 0 (the action would be refused)')
    .optional(),
});

export const grupo = z.object({ grupoId: id, nombre: text });

export const tarea = z.object({
  tareaId: id,
  nombre: text,
  status: z.int().describe('1 active, 0 inactive'),
  disparador: text.describe('What starts the task (registro, cumpleanos, ...)'),
  condiciones: z.array(text).describe('Conditions checked before the actions, in words'),
  acciones: z.array(text).describe('What the task does, in order'),
  ultimoCambio: z
    .object({
      status: z.int(),
      nombre: nullableText.describe('The name sent for the log, or null'),
      keyId: text.describe('The key that made the change (its id, never the key)'),
      fecha: text.describe('ISO 8601 instant'),
    })
    .nullable()
    .describe('The last status change made through the API, or null'),
});

export const promocion = z.object({
  regaloId: id,
  nombre: text,
  tipo: z.int(),
  estado: text.describe('activa, inactiva or programada'),
  fechaProgramada: nullableText,
});

export const cuponesUso = z.object({
  regaloId: id,
  inicio: text,
  fin: text,
  total: z.int(),
  dias: z.array(z.object({ fecha: text, canjes: z.int() })),
});

const catalogItem = z.object({ id: text, label: text, type: text });

export const reportDataset = z.object({
  label: text,
  fields: z.array(catalogItem),
  metrics: z.array(catalogItem),
  filters: z.array(z.object({ id: text, label: text, type: text, operators: z.array(text) })),
});

export const reportCatalog = z.record(z.string(), reportDataset);

/** An OpenAPI 3.0 document: the fields every reader needs; the rest of the standard passes through. */
export const openApiDocument = z.looseObject({
  openapi: text,
  info: z.looseObject({ title: text, version: text }),
  paths: z.record(z.string(), z.unknown()),
});
