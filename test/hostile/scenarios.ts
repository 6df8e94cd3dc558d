/**
 * Issue 34's table of attacks as the cells that are measured: each row, the surfaces it is tried
 * on, and the call's settings. The tests and `table.mjs` run the same list.
 */
import { type Attack, REDIRECT_STATUSES } from './hostile-server.js';
import type { Scenario, Surface } from './measure.js';

/**
 * Long enough that a size cap, not the deadline, must stop a large answer, however loaded the
 * machine: a cap that holds stops it long before, one that does not is caught by the error's kind.
 */
export const CAP_TIMEOUT_MS = 60_000;
/** The deadline of the attacks that only time can end (a hang, a drip). */
export const DEADLINE_MS = 1_000;
/** Retries allowed where the rule is that none is made (a redirect, an answer over the cap). */
export const RETRIES = 2;
/** Settled means within the deadline plus this: then the hang answers and the drip ends. */
export const SLACK_MS = 1_000;

/** The attacks only a deadline ends: the service answers at last, a second after it. */
export const ENDED_BY_THE_DEADLINE: ReadonlySet<Attack> = new Set(['hang', 'drip']);

/** When the service's hang answers and its drip ends: a second after the cell's deadline. */
export const lateMsOf = (scenario: Scenario): number => scenario.timeoutMs + SLACK_MS;

export interface Row {
  /** The attack as the table names it. */
  title: string;
  attacks: readonly Attack[];
  surfaces: readonly Surface[];
  call: Scenario['call'];
  timeoutMs: number;
  maxRetries: number;
  /** Measured for the table only: the tests cover the same rule with a cheaper cell. */
  tableOnly?: boolean;
  document?: Scenario['document'];
}

const SDK: readonly Surface[] = ['sdk-undici', 'sdk-fetch'];
const MCP: readonly Surface[] = ['mcp-stdio', 'mcp-http'];
const EVERY: readonly Surface[] = [...SDK, 'cli', 'verify', ...MCP];

const capped = { call: 'read', timeoutMs: CAP_TIMEOUT_MS, maxRetries: RETRIES } as const;
const timed = { call: 'read', timeoutMs: DEADLINE_MS, maxRetries: 0 } as const;

export const ROWS: readonly Row[] = [
  {
    title: '301/302/303/307/308 to another origin',
    attacks: REDIRECT_STATUSES.map((status) => `redirect-${status}` as const),
    surfaces: SDK,
    ...capped,
    call: 'write',
  },
  {
    title: '301/302/303/307/308 to another origin',
    attacks: ['redirect-307'],
    surfaces: ['cli', 'verify', ...MCP],
    ...capped,
    call: 'write',
  },
  { title: 'a 600 MB answer', attacks: ['600mb'], surfaces: SDK, ...capped },
  // Counted as it streams, as the endless body is: the same rule, twice the bytes of the cap read.
  { title: 'a 600 MB answer', attacks: ['600mb-chunked'], surfaces: SDK, ...capped, tableOnly: true },
  { title: 'a 600 MB answer', attacks: ['600mb'], surfaces: ['cli', ...MCP], ...capped },
  { title: 'an endless chunked body', attacks: ['endless'], surfaces: EVERY, ...capped },
  { title: 'a 200 MB answer', attacks: ['200mb'], surfaces: [...SDK, 'cli', ...MCP], ...capped },
  {
    title: '3 KB of brotli that expands to 1 GiB',
    attacks: ['brotli-bomb', 'gzip-bomb'],
    surfaces: SDK,
    ...capped,
  },
  { title: 'a 2xx answer that echoes the key', attacks: ['echo'], surfaces: EVERY, ...capped },
  {
    title: 'a parse error splitting the key with a NUL',
    attacks: ['nul-header', 'nul-json'],
    surfaces: SDK,
    ...timed,
  },
  { title: 'a parse error splitting the key with a NUL', attacks: ['nul-json'], surfaces: ['cli'], ...timed },
  { title: 'JSON nested 100,000 deep', attacks: ['deep-json'], surfaces: [...SDK, 'cli', ...MCP], ...capped },
  // A document read, then the probes' answers nested: what verify infers the shape of.
  {
    title: 'JSON nested 100,000 deep',
    attacks: ['deep-json'],
    surfaces: ['verify'],
    ...capped,
    document: 'served',
  },
  {
    title: 'numbers no double holds',
    attacks: ['huge-numbers'],
    surfaces: ['sdk-undici', 'cli', 'mcp-stdio'],
    ...capped,
  },
  { title: 'a service that never answers', attacks: ['hang'], surfaces: EVERY, ...timed },
  { title: 'a body dripped one byte at a time', attacks: ['drip'], surfaces: [...SDK, 'cli'], ...timed },
];

const cellsOf = (rows: readonly Row[]): Scenario[] =>
  rows.flatMap(({ attacks, surfaces, call, timeoutMs, maxRetries, document }) =>
    attacks.flatMap((attack) =>
      surfaces.map(
        (surface): Scenario => ({
          attack,
          surface,
          call,
          timeoutMs,
          maxRetries,
          ...(document ? { document } : {}),
        }),
      ),
    ),
  );

/** Every cell of the table: each row's attacks on each of its surfaces. */
export const SCENARIOS: readonly Scenario[] = cellsOf(ROWS);

/** The cells the tests run. */
export const TESTED: readonly Scenario[] = cellsOf(ROWS.filter((row) => !row.tableOnly));

/** The tested cells of one surface. */
export const testedOn = (surface: Surface): Scenario[] =>
  TESTED.filter((scenario) => scenario.surface === surface);
