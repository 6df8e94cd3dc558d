import * as z from 'zod/mini';
import { defineOperation } from './define.js';
import { dryRun, motivo, positiveId, puntos } from './fields.js';
import { LIMITS } from './limits.js';
import { once } from './once.js';

export const grupoParams = /* @__PURE__ */ once(() => z.strictObject({ grupoId: positiveId() }));

export const gruposPuntosAdd = defineOperation({
  number: 11,
  id: 'grupos.puntos.add',
  method: 'POST',
  path: '/grupos/{grupoId}/puntos',
  scope: 'puntos:write',
  idempotency: 'required',
  groupAction: true,
  params: grupoParams,
  body: () => z.strictObject({ dryRun: dryRun(), puntos: puntos(), motivo: motivo() }),
});

export const gruposEtiquetasAdd = defineOperation({
  number: 12,
  id: 'grupos.etiquetas.add',
  method: 'POST',
  path: '/grupos/{grupoId}/etiquetas',
  scope: 'clientes:write',
  idempotency: 'required',
  groupAction: true,
  params: grupoParams,
  body: () =>
    z.strictObject({
      dryRun: dryRun(),
      etiqueta: z.string('must be a string').check(z.minLength(1, 'must not be empty')),
    }),
});

export const gruposNombreSet = defineOperation({
  number: 13,
  id: 'grupos.nombre.set',
  method: 'POST',
  path: '/grupos/{grupoId}/nombre',
  scope: 'segmentos:write',
  idempotency: 'optional',
  params: grupoParams,
  body: () =>
    z.strictObject({
      nombre: z
        .string('must be a string')
        .check(
          z.minLength(1, 'must not be empty'),
          z.maxLength(
            LIMITS.grupoNombreMaxLength,
            `must be at most ${LIMITS.grupoNombreMaxLength} characters`,
          ),
        ),
    }),
});
