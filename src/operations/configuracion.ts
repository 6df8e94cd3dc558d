import { defineOperation } from './define.js';

export const configuracionNivelesList = defineOperation({
  number: 10,
  id: 'configuracion.niveles.list',
  method: 'GET',
  path: '/configuracion/niveles',
  scope: 'niveles:read',
  idempotency: 'none',
});
