import * as z from 'zod/mini';
import { _isoDateTime } from 'zod/v4/core';
import { isoDate } from '../../operations/fields.js';
import { once } from '../../operations/once.js';
import { TIPO } from '../../operations/promociones.js';
import type { Promocion } from '../../types.js';
import { businessRule } from '../answers/failures.js';
import { dailyCouponUsage } from '../state/coupon-usage.js';
import type { Handlers } from './context.js';
import { promotionOr404 } from './lookup.js';

/** `programar` needs a date: a calendar date or an ISO 8601 date-time. */
const scheduleDate = /* @__PURE__ */ once(() =>
  z.union([isoDate(), _isoDateTime(z.ZodMiniISODateTime, { offset: true, local: true })]),
);

type Command = (promotion: Promocion, fecha: string | undefined) => void;

/** The commands this server knows; the spec's list is open-ended, so any other is a business-rule refusal. */
const COMMANDS: Readonly<Record<string, Command>> = {
  activar: (promotion) => {
    promotion.estado = 'activa';
    promotion.fechaProgramada = null;
  },
  desactivar: (promotion) => {
    promotion.estado = 'inactiva';
    promotion.fechaProgramada = null;
  },
  programar: (promotion, fecha) => {
    if (fecha === undefined || !scheduleDate().safeParse(fecha).success) {
      throw businessRule(
        'FECHA_INVALIDA',
        'programar necesita una fecha válida (YYYY-MM-DD o fecha y hora ISO 8601)',
        {
          fecha: fecha ?? null,
        },
      );
    }
    promotion.estado = 'programada';
    promotion.fechaProgramada = fecha;
  },
};

/** tipo 1 means "gifts and promotions": everything but code coupons and games. */
const NOT_GIFTS: ReadonlySet<number> = new Set([TIPO.codeCoupon, TIPO.game]);

function matchesTipo(promotion: Promocion, tipo: number | undefined): boolean {
  if (tipo === undefined) return true;
  if (tipo === TIPO.gifts) return !NOT_GIFTS.has(promotion.tipo);
  return promotion.tipo === tipo;
}

export const promocionesHandlers: Pick<
  Handlers,
  'promociones.list' | 'promociones.setStatus' | 'promociones.cupones.list'
> = {
  'promociones.list': ({ store, query }) =>
    [...store.promotions.values()].filter((promotion) => matchesTipo(promotion, query.tipo)),

  'promociones.setStatus': ({ store, params, body }) => {
    const promotion = promotionOr404(store, params.regaloId);
    const command = Object.hasOwn(COMMANDS, body.comando) ? COMMANDS[body.comando] : undefined;
    if (!command) {
      throw businessRule('COMANDO_DESCONOCIDO', `Comando desconocido: ${body.comando}`, {
        comando: body.comando,
        comandos: Object.keys(COMMANDS),
      });
    }
    command(promotion, body.fecha);
    return promotion;
  },

  'promociones.cupones.list': ({ store, params, query }) => {
    const promotion = promotionOr404(store, params.regaloId);
    const dias = dailyCouponUsage(
      promotion.regaloId,
      store.couponDailyMax.get(promotion.regaloId) ?? 0,
      query.inicio,
      query.fin,
    );
    const total = dias.reduce((sum, day) => sum + day.canjes, 0);
    return { regaloId: promotion.regaloId, inicio: query.inicio, fin: query.fin, total, dias };
  },
};
