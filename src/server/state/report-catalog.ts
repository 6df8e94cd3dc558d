import type { ReportCatalog } from '../../types.js';

const DATE_OPERATORS = ['eq', 'between', 'gte', 'lte'];
const CHOICE_OPERATORS = ['eq', 'in'];
const NUMBER_OPERATORS = ['eq', 'gt', 'lt', 'between'];

/** The reporting datasets of the spec's Report catalog, with the fields, metrics and filters a report may use. */
export function demoReportCatalog(): ReportCatalog {
  return {
    compras: {
      label: 'Compras',
      fields: [
        { id: 'fecha', label: 'Fecha de compra', type: 'date' },
        { id: 'uid', label: 'Cliente', type: 'string' },
        { id: 'tienda', label: 'Tienda', type: 'string' },
        { id: 'canal', label: 'Canal de venta', type: 'string' },
        { id: 'medio_pago', label: 'Medio de pago', type: 'string' },
      ],
      metrics: [
        { id: 'monto_total', label: 'Monto total', type: 'number' },
        { id: 'cantidad_compras', label: 'Cantidad de compras', type: 'number' },
        { id: 'ticket_promedio', label: 'Ticket promedio', type: 'number' },
        { id: 'puntos_otorgados', label: 'Puntos otorgados', type: 'number' },
      ],
      filters: [
        { id: 'fecha', label: 'Fecha de compra', type: 'date', operators: DATE_OPERATORS },
        { id: 'tienda', label: 'Tienda', type: 'string', operators: CHOICE_OPERATORS },
        { id: 'canal', label: 'Canal de venta', type: 'string', operators: CHOICE_OPERATORS },
        { id: 'monto', label: 'Monto de la compra', type: 'number', operators: NUMBER_OPERATORS },
      ],
    },
    lealtad: {
      label: 'Lealtad',
      fields: [
        { id: 'fecha', label: 'Fecha del movimiento', type: 'date' },
        { id: 'uid', label: 'Cliente', type: 'string' },
        { id: 'nivel', label: 'Nivel', type: 'string' },
        { id: 'tipo_movimiento', label: 'Tipo de movimiento', type: 'string' },
      ],
      metrics: [
        { id: 'puntos_acumulados', label: 'Puntos acumulados', type: 'number' },
        { id: 'puntos_canjeados', label: 'Puntos canjeados', type: 'number' },
        { id: 'saldo_promedio', label: 'Saldo promedio', type: 'number' },
        { id: 'clientes_activos', label: 'Clientes activos', type: 'number' },
      ],
      filters: [
        { id: 'fecha', label: 'Fecha del movimiento', type: 'date', operators: DATE_OPERATORS },
        { id: 'nivel', label: 'Nivel', type: 'string', operators: CHOICE_OPERATORS },
        { id: 'tipo_movimiento', label: 'Tipo de movimiento', type: 'string', operators: CHOICE_OPERATORS },
      ],
    },
    usuarios: {
      label: 'Usuarios',
      fields: [
        { id: 'uid', label: 'Cliente', type: 'string' },
        { id: 'fecha_registro', label: 'Fecha de registro', type: 'date' },
        { id: 'ciudad', label: 'Ciudad', type: 'string' },
        { id: 'genero', label: 'Género', type: 'string' },
        { id: 'nivel', label: 'Nivel', type: 'string' },
      ],
      metrics: [
        { id: 'total_usuarios', label: 'Total de usuarios', type: 'number' },
        { id: 'nuevos_usuarios', label: 'Usuarios nuevos', type: 'number' },
        { id: 'usuarios_activos', label: 'Usuarios activos', type: 'number' },
      ],
      filters: [
        { id: 'fecha_registro', label: 'Fecha de registro', type: 'date', operators: DATE_OPERATORS },
        { id: 'ciudad', label: 'Ciudad', type: 'string', operators: CHOICE_OPERATORS },
        { id: 'genero', label: 'Género', type: 'string', operators: CHOICE_OPERATORS },
        { id: 'nivel', label: 'Nivel', type: 'string', operators: CHOICE_OPERATORS },
      ],
    },
    wallet_descargas: {
      label: 'Descargas de wallet',
      fields: [
        { id: 'fecha', label: 'Fecha de descarga', type: 'date' },
        { id: 'uid', label: 'Cliente', type: 'string' },
        { id: 'plataforma', label: 'Plataforma (Apple o Google)', type: 'string' },
        { id: 'tipo_pase', label: 'Tipo de pase', type: 'string' },
      ],
      metrics: [
        { id: 'descargas', label: 'Descargas', type: 'number' },
        { id: 'pases_activos', label: 'Pases activos', type: 'number' },
        { id: 'pases_eliminados', label: 'Pases eliminados', type: 'number' },
      ],
      filters: [
        { id: 'fecha', label: 'Fecha de descarga', type: 'date', operators: DATE_OPERATORS },
        { id: 'plataforma', label: 'Plataforma', type: 'string', operators: CHOICE_OPERATORS },
      ],
    },
  };
}
