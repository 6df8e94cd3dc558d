import { BUSINESS_RULE_CODES } from '../../operations/envelope.js';
import { businessRule } from '../answers/failures.js';
import type { ServerLimits } from './limits.js';
import type { Store } from './store.js';

/** What a stored record is, as a refusal names it. */
export type RecordKind = 'cliente' | 'movimiento' | 'notificacion' | 'grupo';

type RecordLimits = Pick<ServerLimits, 'maxRecords' | 'maxRecordBytes'>;

/**
 * What each value and each key of a record counts beyond its JSON text. The text alone would
 * undercount what the server holds twentyfold: `{}` is 3 bytes of JSON and about 64 in V8's heap,
 * so 16 KiB of empty objects would take 340 KB.
 */
export const RECORD_VALUE_SHARE = 64;

/** The UTF-8 length of a text, counted without encoding it. */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      index++;
    } else if (code >= 0x800) bytes += 2;
    else if (code >= 0x80) bytes += 1;
  }
  return bytes;
}

function scalarBytes(value: unknown): number {
  if (typeof value === 'string') return utf8Length(JSON.stringify(value));
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).length : 4;
  if (typeof value === 'boolean') return value ? 4 : 5;
  return 4;
}

/**
 * The bytes a record counts against `maxRecordBytes`: its JSON text in UTF-8, plus RECORD_VALUE_SHARE
 * for each value and each key in it. Counting stops once it passes `stopAbove`, so a record of a
 * megabyte is refused without walking all of it. Walked without recursion.
 */
export function recordBytes(record: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const pending: unknown[] = [record];
  while (pending.length > 0) {
    const value = pending.pop();
    total += RECORD_VALUE_SHARE;
    // A string's UTF-8 is at least one byte a unit: one longer than what is left is not measured.
    if (typeof value === 'string' && total + value.length + 2 > stopAbove) return total + value.length + 2;
    if (value === null || typeof value !== 'object') total += scalarBytes(value);
    else if (Array.isArray(value)) {
      total += 2 + Math.max(0, value.length - 1);
      // JSON writes an undefined item as null.
      for (const item of value) pending.push(item === undefined ? null : item);
    } else {
      let keys = 0;
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue;
        keys++;
        total += RECORD_VALUE_SHARE + scalarBytes(key) + 1;
        pending.push(item);
      }
      total += 2 + Math.max(0, keys - 1);
    }
    if (total > stopAbove) return total;
  }
  return total;
}

const ARTICLE: Readonly<Record<RecordKind, string>> = {
  cliente: 'El cliente',
  movimiento: 'El movimiento de puntos',
  notificacion: 'La notificación',
  grupo: 'El grupo',
};

/** Refuses a record larger than `maxRecordBytes` (422 REGISTRO_DEMASIADO_GRANDE, naming the option and the flag). */
export function checkRecordSize(kind: RecordKind, record: unknown, { maxRecordBytes }: RecordLimits): void {
  if (maxRecordBytes === Number.POSITIVE_INFINITY) return;
  if (recordBytes(record, maxRecordBytes) <= maxRecordBytes) return;
  throw businessRule(
    BUSINESS_RULE_CODES.recordTooLarge,
    `${ARTICLE[kind]} ocuparía más de ${maxRecordBytes} bytes, el máximo de un registro (maxRecordBytes): súbalo con loyalty serve --max-record-bytes o la opción limits.maxRecordBytes`,
    { registro: kind, maximo: maxRecordBytes, limite: 'maxRecordBytes' },
  );
}

/**
 * Counts `count` new records against `maxRecords`, or refuses them all (422 DEMASIADOS_REGISTROS,
 * naming the option, the flag and the reset). Called once every other check has passed, right
 * before the records are stored, so that a refused write counts nothing.
 */
export function takeRecords(store: Store, count: number, { maxRecords }: RecordLimits): void {
  const created = store.createdRecords;
  if (created + count > maxRecords) {
    throw businessRule(
      BUSINESS_RULE_CODES.tooManyRecords,
      `El servidor de referencia ya guarda ${created} de los ${maxRecords} registros que las peticiones pueden crear (maxRecords) y esta crearía ${count}: súbalo con loyalty serve --max-records o la opción limits.maxRecords, o vuelva a la semilla con POST /__admin/reset`,
      { registros: created, nuevos: count, maximo: maxRecords, limite: 'maxRecords' },
    );
  }
  store.countCreated(count);
}
