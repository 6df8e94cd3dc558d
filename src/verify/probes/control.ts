import { isSuccessEnvelope } from '../../operations/envelope.js';
import type { ProbeAnswer } from '../answer.js';

/**
 * The control rule: that a side took a value the table refuses is known only from that side
 * itself. The same request with an in-range value (the control) and with the value past the rule
 * must be answered alike by the same side (status, codigoRespuesta, envelope kind), and the second
 * answer must not be a refusal of that field. A refusal probe's identifier names nothing, so a
 * side that took the value answers as it answers the control: that the record is not there.
 */

/** What an answer tells of a value: taken, refused, or nothing (with why, for the coverage). */
export type ValueJudgement = { is: 'taken' } | { is: 'refused' } | { is: 'inconclusive'; note: string };

/** Answers a control may be: a success, or a refusal of the record (not of the request itself). */
const USABLE_STATUSES = new Set([404, 409, 422]);

/**
 * Whether an answer could stand for a request taken: a 2xx, or a 404, 409 or 422 in the envelope.
 * Anything else (a 400, 401, 403, 413, 415, 429, 5xx, a body outside the envelope) is a refusal of
 * the request itself, which no control can turn into "taken": no control is sent for it.
 */
export function couldBeTaken(answer: ProbeAnswer): boolean {
  if (answer.envelope === undefined) return false;
  return (answer.status >= 200 && answer.status < 300) || USABLE_STATUSES.has(answer.status);
}

type EnvelopeKind = 'success' | 'failure' | 'none';

function envelopeKind(answer: ProbeAnswer): EnvelopeKind {
  if (answer.envelope === undefined) return 'none';
  return isSuccessEnvelope(answer.json) ? 'success' : 'failure';
}

/** Same status, same codigoRespuesta, same kind of envelope. */
function alike(a: ProbeAnswer, b: ProbeAnswer): boolean {
  return (
    a.status === b.status &&
    a.envelope?.codigoRespuesta === b.envelope?.codigoRespuesta &&
    envelopeKind(a) === envelopeKind(b)
  );
}

/** Whether an answer's body names the field (in `details`, the message, anywhere): a refusal may say which. */
function names(answer: ProbeAnswer, field: string): boolean {
  if (field === '') return false;
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`, 'i').test(answer.text);
}

const said = (answer: ProbeAnswer) =>
  `${answer.status}${answer.envelope ? ` (codigoRespuesta ${answer.envelope.codigoRespuesta})` : ' outside the envelope'}`;

/**
 * `answer` (to the value past the rule) judged against `control` (the same request in range),
 * both from the same side. `field`: the name the rule is about.
 */
export function judgeValue(
  control: ProbeAnswer | undefined,
  answer: ProbeAnswer,
  field: string,
): ValueJudgement {
  if (control === undefined) return { is: 'inconclusive', note: 'the control got no answer' };
  if (!couldBeTaken(control))
    return {
      is: 'inconclusive',
      note: `the control (in range) was answered ${said(control)}: refused itself, so the answer ${said(answer)} proves nothing`,
    };
  if (alike(control, answer) && !(names(answer, field) && !names(control, field))) return { is: 'taken' };
  if (answer.status >= 400) return { is: 'refused' };
  return {
    is: 'inconclusive',
    note: `answered ${said(answer)} where the control (in range) was answered ${said(control)}: the two differ in a way that proves nothing`,
  };
}
