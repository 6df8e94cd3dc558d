import * as z from 'zod/mini';
import { defineOperation } from './define.js';
import { nivel } from './records.js';

export const configuracionNivelesList = defineOperation({
  number: 10,
  id: 'configuracion.niveles.list',
  method: 'GET',
  path: '/configuracion/niveles',
  scope: 'niveles:read',
  idempotency: 'none',
  data: () => z.array(nivel()),
  summary: "List the program's levels and their rules",
  description: "Returns the program's levels and calculation rules.",
});
