import * as z from 'zod/mini';
import { defineOperation } from './define.js';
import { isoDate, jsonValue, motivo, puntos, uid } from './fields.js';
import { LIMITS } from './limits.js';
import { once } from './once.js';
import { perfilUpdate } from './perfil.js';

const text = () => z.string('must be a string');
const optionalText = () => z.optional(text());

/** Keys the spec names for `usuarioData`; its full set is not shown, so other keys pass through as JSON values. */
const usuarioData = () =>
  z.catchall(
    z.object({
      nombre: optionalText(),
      apellido: optionalText(),
      email: z.optional(z.email('must be an email address')),
      telefono: optionalText(),
      num_id: optionalText(),
      tipo_id: optionalText(),
      birthdate: z.optional(isoDate()),
      ciudad: optionalText(),
      genero: optionalText(),
    }),
    jsonValue(),
  );

const uidParams = /* @__PURE__ */ once(() => z.strictObject({ uid: uid() }));

export const clientesCreate = defineOperation({
  number: 3,
  id: 'clientes.create',
  method: 'POST',
  path: '/clientes',
  scope: 'clientes:write',
  idempotency: 'required',
  body: () =>
    z.strictObject({
      usuarioData: usuarioData(),
      usuarioPassword: optionalText(),
    }),
});

export const clientesRetrieve = defineOperation({
  number: 4,
  id: 'clientes.retrieve',
  method: 'GET',
  path: '/clientes/{uid}',
  scope: 'clientes:read',
  idempotency: 'none',
  params: uidParams,
  query: () =>
    z.strictObject({
      completo: z.optional(z.boolean('must be a boolean')),
    }),
});

export const clientesUpdate = defineOperation({
  number: 5,
  id: 'clientes.update',
  method: 'PATCH',
  path: '/clientes/{uid}',
  scope: 'clientes:write',
  idempotency: 'required',
  params: uidParams,
  body: perfilUpdate,
});

export const clientesPuntosAdd = defineOperation({
  number: 6,
  id: 'clientes.puntos.add',
  method: 'POST',
  path: '/clientes/{uid}/puntos',
  scope: 'puntos:write',
  idempotency: 'required',
  params: uidParams,
  body: () => z.strictObject({ puntos: puntos(), motivo: motivo() }),
});

export const clientesPuntosList = defineOperation({
  number: 7,
  id: 'clientes.puntos.list',
  method: 'GET',
  path: '/clientes/{uid}/puntos',
  scope: 'puntos:read',
  idempotency: 'none',
  params: uidParams,
});

export const clientesNotificacionesSend = defineOperation({
  number: 8,
  id: 'clientes.notificaciones.send',
  method: 'POST',
  path: '/clientes/{uid}/notificaciones',
  scope: 'notificaciones:write',
  idempotency: 'required',
  params: uidParams,
  body: () =>
    z.strictObject({
      titulo: text().check(
        z.minLength(1, 'must not be empty'),
        z.maxLength(LIMITS.tituloMaxLength, `must be at most ${LIMITS.tituloMaxLength} characters`),
      ),
      mensaje: text().check(
        z.minLength(1, 'must not be empty'),
        z.maxLength(LIMITS.mensajeMaxLength, `must be at most ${LIMITS.mensajeMaxLength} characters`),
      ),
    }),
});

export const clientesNivelRecalculate = defineOperation({
  number: 9,
  id: 'clientes.nivel.recalculate',
  method: 'POST',
  path: '/clientes/{uid}/nivel/recalcular',
  scope: 'niveles:write',
  idempotency: 'optional',
  params: uidParams,
});
