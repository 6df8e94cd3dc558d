import type { Prose } from './define.js';
import type { OperationId } from './rows.js';

/**
 * The summary and prose of each operation. Apart from the rows because a client never shows
 * them (`client.help` asks the service), so a client's bundle carries none of this text.
 */
export const prose = {
  'tareas.list': {
    summary: 'List tasks',
    description: 'Lists the tasks (automations made of a trigger, optional conditions and actions).',
  },
  'tareas.setStatus': {
    summary: 'Activate or deactivate a task',
    description: 'Sets the activation status of a task: 1 active, 0 inactive.',
  },
  'clientes.create': {
    summary: 'Create a customer',
    description:
      'Creates a customer, as the dashboard and the public registration do. Returns the new customer with its uid.',
  },
  'clientes.retrieve': {
    summary: 'Retrieve a customer',
    description: 'Returns the full profile of a customer.',
  },
  'clientes.update': {
    summary: 'Update profile fields of a customer',
    description:
      'Changes only the fields sent; all others keep their value. The email is not changed here (a separate operation exists).',
  },
  'clientes.puntos.add': {
    summary: 'Add or remove points of a customer',
    description:
      'Adds points to a customer, or removes them when negative. The audit records the key and the reason (motivo).',
  },
  'clientes.puntos.list': {
    summary: "List a customer's points history",
    description: 'Returns the points movements of a customer, oldest first.',
  },
  'clientes.notificaciones.send': {
    summary: 'Send a push notification to a customer',
    description: 'Sends a push notification to a customer.',
  },
  'clientes.nivel.recalculate': {
    summary: "Recalculate a customer's level",
    description: "Recalculates the customer's level according to the rules in force. No body.",
  },
  'configuracion.niveles.list': {
    summary: "List the program's levels and their rules",
    description: "Returns the program's levels and calculation rules.",
  },
  'grupos.puntos.add': {
    summary: 'Add or remove points for every customer of a group',
    description:
      'Adds points to every customer of a group, or removes them when negative, all or none. ' +
      'Send a dry run first (dryRun: true): nothing is executed and the answer gives afectados and costoEstimado.',
  },
  'grupos.etiquetas.add': {
    summary: 'Add a tag to every customer of a group',
    description: 'Adds a tag to every customer of a group. Send a dry run first (dryRun: true).',
  },
  'grupos.nombre.set': {
    summary: 'Name a group',
    description: 'Assigns a name to a group.',
  },
  'promociones.list': {
    summary: 'List gifts, coupons and promotions',
    description: 'Lists gifts, coupons and promotions, optionally filtered by tipo.',
  },
  'promociones.setStatus': {
    summary: 'Activate, deactivate or schedule a gift or promotion',
    description:
      'Runs a dashboard command on a gift or promotion: activar, desactivar, or programar with fecha.',
  },
  'promociones.cupones.list': {
    summary: 'Coupon usage of a promotion over a period',
    description: 'Returns coupon usage of a promotion per day from inicio to fin, both inclusive.',
  },
  'reportes.catalogo.retrieve': {
    summary: 'Retrieve the report catalog',
    description:
      'Returns the reporting datasets (compras, lealtad, usuarios, wallet_descargas) with their fields, metrics and filters.',
  },
  'openapi.retrieve': {
    summary: 'Download the OpenAPI 3.0 description',
    description: 'Returns an OpenAPI 3.0 description of the endpoints that the calling key may execute.',
  },
} as const satisfies Record<OperationId, Prose>;
