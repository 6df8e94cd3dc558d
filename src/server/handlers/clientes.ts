import type { Cliente } from '../../types.js';
import { businessRule } from '../answers/failures.js';
import { addCustomer, fromUsuarioData } from '../state/customers.js';
import { isoInstant } from '../state/instant.js';
import { admitMovements, auditMovement, recordMovement } from '../state/ledger.js';
import { levelNameFor } from '../state/levels.js';
import { checkRecordSize, takeRecords } from '../state/record-limits.js';
import type { Handlers } from './context.js';
import { customerOr404 } from './lookup.js';

/** With `completo=false`: who the customer is and where they stand, without the rest of the profile. */
function summaryOf(customer: Cliente): Cliente {
  const { uid, email, nombre, apellido, puntos, nivel, etiquetas } = customer;
  return { uid, email, nombre, apellido, puntos, nivel, etiquetas };
}

export const clientesHandlers: Pick<
  Handlers,
  | 'clientes.create'
  | 'clientes.retrieve'
  | 'clientes.update'
  | 'clientes.puntos.add'
  | 'clientes.puntos.list'
  | 'clientes.notificaciones.send'
  | 'clientes.nivel.recalculate'
> = {
  'clientes.create': ({ store, body, limits }) =>
    addCustomer(store, fromUsuarioData(body.usuarioData), (customer) => {
      checkRecordSize('cliente', customer, limits);
      takeRecords(store, 1, limits);
    }),

  'clientes.retrieve': ({ store, params, query }) => {
    const customer = customerOr404(store, params.uid);
    return query.completo === false ? summaryOf(customer) : customer;
  },

  'clientes.update': ({ store, params, body, limits }) => {
    const customer = customerOr404(store, params.uid);
    checkRecordSize('cliente', { ...customer, ...body }, limits);
    return Object.assign(customer, body);
  },

  'clientes.puntos.add': ({ store, params, body, caller, operation, now, limits }) => {
    const customer = customerOr404(store, params.uid);
    if (customer.puntos + body.puntos < 0) {
      throw businessRule('SALDO_INSUFICIENTE', 'Saldo insuficiente para descontar los puntos', {
        uid: customer.uid,
        saldo: customer.puntos,
        puntos: body.puntos,
      });
    }
    const input = { puntos: body.puntos, motivo: body.motivo ?? null, grupoId: null, fecha: isoInstant(now) };
    admitMovements(store, [customer], input, limits);
    const movement = recordMovement(store, customer, input);
    auditMovement(store, movement, caller, operation.id);
    return {
      uid: customer.uid,
      movimientoId: movement.movimientoId,
      puntos: movement.puntos,
      saldo: movement.saldo,
    };
  },

  'clientes.puntos.list': ({ store, params }) => {
    customerOr404(store, params.uid);
    return store.historyOf(params.uid);
  },

  'clientes.notificaciones.send': ({ store, params, body, now, limits }) => {
    const customer = customerOr404(store, params.uid);
    const notification = {
      notificacionId: `not_${store.peek('notification')}`,
      uid: customer.uid,
      titulo: body.titulo,
      mensaje: body.mensaje,
      enviada: true,
      fecha: isoInstant(now),
    };
    checkRecordSize('notificacion', notification, limits);
    takeRecords(store, 1, limits);
    store.next('notification');
    store.notifications.push(notification);
    return notification;
  },

  'clientes.nivel.recalculate': ({ store, params }) => {
    const customer = customerOr404(store, params.uid);
    const nivelAnterior = customer.nivel;
    customer.nivel = levelNameFor(store.levels, customer.puntos);
    return {
      uid: customer.uid,
      nivelAnterior,
      nivel: customer.nivel,
      cambio: customer.nivel !== nivelAnterior,
    };
  },
};
