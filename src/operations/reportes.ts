import { defineOperation } from './define.js';

export const reportesCatalogoRetrieve = defineOperation({
  number: 17,
  id: 'reportes.catalogo.retrieve',
  method: 'GET',
  path: '/reportes/catalogo',
  scope: 'reportes:read',
  idempotency: 'none',
});
