import * as z from 'zod';
import { perfilUpdate } from './perfil.js';

/**
 * Schemas of `data`. The spec does not show record fields; these are the reference server's
 * (CONTRACT.md, "Record fields"). All are loose: a field the service adds is kept, never stripped.
 */

const text = z.string();
const nullableText = z.string().nullable();

export const cliente = z.looseObject({
  uid: text,
  email: text.optional(),
  ...perfilUpdate.shape,
  puntos: z.number().describe('Balance in the public unit'),
  nivel: text.describe('Name of the current level'),
  etiquetas: z.array(text),
});

export const movimiento = z.looseObject({
  movimientoId: text,
  uid: text,
  puntos: z.number(),
  motivo: nullableText,
  saldo: z.number().describe('Balance after the movement'),
  fecha: text.describe('ISO 8601 instant'),
  grupoId: z.number().nullable().describe('The group whose action made the movement, or null'),
});

export const puntosResultado = z.looseObject({
  uid: text,
  movimientoId: text,
  puntos: z.number(),
  saldo: z.number().describe('Balance after the movement'),
});

export const notificacion = z.looseObject({
  notificacionId: text,
  uid: text,
  titulo: text,
  mensaje: text,
  enviada: z.boolean(),
});

export const nivelResultado = z.looseObject({
  uid: text,
  nivelAnterior: text,
  nivel: text,
  cambio: z.boolean(),
});

export const nivel = z.looseObject({
  nivelId: z.number(),
  nombre: text,
  puntosMinimos: z.number().describe('Minimum balance of the level'),
  reglas: z.array(text).describe('The calculation rules of the level, in words'),
});

export const grupoAccion = z.looseObject({
  grupoId: z.number(),
  dryRun: z.boolean(),
  afectados: z.number().describe('Customers that the action reaches (or would reach)'),
  costoEstimado: z.number().describe('Points granted in all (negative when removing); 0 for tags'),
});

export const grupo = z.looseObject({ grupoId: z.number(), nombre: text });

export const tarea = z.looseObject({
  tareaId: z.number(),
  nombre: text,
  status: z.number().describe('1 active, 0 inactive'),
});

export const promocion = z.looseObject({
  regaloId: z.number(),
  nombre: text,
  tipo: z.number(),
  estado: text.describe('activa, inactiva or programada'),
  fechaProgramada: nullableText,
});

export const cuponesUso = z.looseObject({
  regaloId: z.number(),
  inicio: text,
  fin: text,
  total: z.number(),
  dias: z.array(z.looseObject({ fecha: text, canjes: z.number() })),
});

const catalogItem = z.looseObject({ id: text, label: text, type: text });

export const reportDataset = z.looseObject({
  label: text,
  fields: z.array(catalogItem),
  metrics: z.array(catalogItem),
  filters: z.array(z.looseObject({ id: text, label: text, type: text, operators: z.array(text) })),
});

export const reportCatalog = z.record(z.string(), reportDataset);

export const openApiDocument = z.looseObject({
  openapi: text,
  info: z.looseObject({ title: text, version: text }),
  paths: z.record(z.string(), z.unknown()),
});
