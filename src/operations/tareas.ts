import * as z from 'zod/mini';
import { defineOperation } from './define.js';
import { positiveId } from './fields.js';
import { LIMITS } from './limits.js';

export const tareasList = defineOperation({
  number: 1,
  id: 'tareas.list',
  method: 'GET',
  path: '/tareas',
  scope: 'tareas:read',
  idempotency: 'none',
});

export const tareasSetStatus = defineOperation({
  number: 2,
  id: 'tareas.setStatus',
  method: 'POST',
  path: '/tareas/{tareaId}/status',
  scope: 'tareas:write',
  idempotency: 'optional',
  params: () => z.strictObject({ tareaId: positiveId() }),
  body: () =>
    z.strictObject({
      status: z.literal([0, 1], 'must be 1 (active) or 0 (inactive)'),
      nombre: z.optional(
        z
          .string('must be a string')
          .check(
            z.maxLength(
              LIMITS.tareaNombreMaxLength,
              `must be at most ${LIMITS.tareaNombreMaxLength} characters`,
            ),
          ),
      ),
    }),
});
