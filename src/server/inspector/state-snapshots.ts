import * as z from 'zod/mini';
import { PLAIN_MESSAGES } from '../../operations/issue-messages.js';
import { once } from '../../operations/once.js';
import { badRequest, notFound } from '../answers/failures.js';
import type { EngineRequest } from '../answers/response.js';
import { decodePathParams, parseQuery } from '../engine/request-parts.js';
import type { ReferenceEngine } from './reference-engine.js';
import { refuseInput } from './state-routes.js';

/** The most records of one list a state read answers, and how many it answers unless told. */
const STATE_PAGE_RECORDS = 1_000;

/**
 * The most characters of JSON one list of a state read holds (a first record longer than this is
 * answered alone): a read builds a few MiB at most, whatever the store holds.
 */
const STATE_PAGE_CHARS = 1024 * 1024;

/** Which part of each list a read answers: from `offset` (0, the first), at most `limit` records. */
interface PageRequest {
  offset: number;
  limit: number;
}

/** How much of a list there is, and the `offset` that reads on from this page (null: it was the last). */
interface PageOfList {
  total: number;
  next: number | null;
}

const wholeNumberParam = () =>
  z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number));

const pageQuery = /* @__PURE__ */ once(() =>
  z.strictObject({
    offset: z.optional(wholeNumberParam()),
    limit: z.optional(
      z.pipe(
        wholeNumberParam(),
        z
          .number()
          .check(
            z.minimum(1, `must be 1..${STATE_PAGE_RECORDS}`),
            z.maximum(STATE_PAGE_RECORDS, `must be 1..${STATE_PAGE_RECORDS}`),
          ),
      ),
    ),
  }),
);

/** `?offset=&limit=` of a state read; 400 with `details` for anything else. */
function pageRequest(request: EngineRequest): PageRequest {
  const query = parseQuery(request.query);
  const result = pageQuery().safeParse({ ...query.values }, PLAIN_MESSAGES);
  if (!result.success) refuseInput(result.error.issues, 'query');
  return { offset: result.data.offset ?? 0, limit: result.data.limit ?? STATE_PAGE_RECORDS };
}

/**
 * The page of a list as JSON text, each record serialized once: from `offset`, at most `limit`
 * records and STATE_PAGE_CHARS of text (at least one record, so that reading on always moves).
 */
function pageJson<Item>(
  items: Iterable<Item>,
  total: number,
  { offset, limit }: PageRequest,
  shown: (item: Item) => unknown = (item) => item,
): { json: string; page: PageOfList } {
  const texts: string[] = [];
  let chars = 0;
  let position = 0;
  for (const item of items) {
    if (position++ < offset) continue;
    if (texts.length === limit) break;
    const text = JSON.stringify(shown(item));
    if (texts.length > 0 && chars + text.length > STATE_PAGE_CHARS) break;
    texts.push(text);
    chars += text.length;
  }
  const end = Math.min(offset, total) + texts.length;
  return { json: `[${texts.join(',')}]`, page: { total, next: end < total ? end : null } };
}

/** Lists answered as JSON text, by name, with their pages: the `data` of a state read. */
function pagedData(
  lists: Record<string, { json: string; page: PageOfList }>,
  rest: Record<string, unknown>,
  { offset, limit }: PageRequest,
): string {
  const parts = Object.entries(lists).map(([name, list]) => `${JSON.stringify(name)}:${list.json}`);
  for (const [name, value] of Object.entries(rest))
    parts.push(`${JSON.stringify(name)}:${JSON.stringify(value)}`);
  const pages = Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, list.page]));
  parts.push(`"page":${JSON.stringify({ offset, limit, ...pages })}`);
  return `{${parts.join(',')}}`;
}

/**
 * `GET /__admin/state?offset=&limit=`, as JSON text: what the inspector's state panel shows, a
 * page of each list, and `page` saying how long each list is and where the next page starts.
 */
export function stateSnapshotJson({ state, requestLog }: ReferenceEngine, request: EngineRequest): string {
  const asked = pageRequest(request);
  const { store } = state.data;
  return pagedData(
    {
      customers: pageJson(store.customers.values(), store.customers.size, asked),
      groups: pageJson(store.groups.values(), store.groups.size, asked, ({ grupoId, nombre, uids }) => ({
        grupoId,
        nombre,
        miembros: uids,
      })),
      tasks: pageJson(store.tasks.values(), store.tasks.size, asked),
      promotions: pageJson(store.promotions.values(), store.promotions.size, asked),
    },
    {
      faults: { enabled: state.faults !== undefined },
      // The page's header says when older requests were dropped: "the last 1000 of 3000".
      requestLog: requestLog.counts(),
    },
    asked,
  );
}

/**
 * `GET /__admin/customers/<uid>?offset=&limit=`, as JSON text: the customer, a page of its points
 * movements (oldest first) and of its audit entries, and `page`.
 */
export function customerSnapshotJson(
  { state }: ReferenceEngine,
  rawUid: string,
  request: EngineRequest,
): string {
  const decoded = decodePathParams(['uid'], [rawUid]);
  if (decoded.problems.length > 0) throw badRequest(decoded.problems);
  const customerUid = decoded.values.uid as string;
  const asked = pageRequest(request);
  const { store } = state.data;
  const customer = store.customers.get(customerUid);
  if (!customer) throw notFound(`Cliente no encontrado: ${customerUid}`);
  const movements = store.movements.get(customerUid) ?? [];
  const audit = store.audit.filter((entry) => entry.uid === customerUid);
  return pagedData(
    {
      movements: pageJson(movements, movements.length, asked),
      audit: pageJson(audit, audit.length, asked),
    },
    { customer },
    asked,
  );
}
