/**
 * Issue point 4a: random arguments to every SDK method end either in LoyaltyValidationError with
 * nothing sent, or in a request the reference server takes as valid (anything but a 400 or a
 * 5xx); never in another exception. The client speaks to an engine in the same process through a
 * dispatcher that counts what reaches it.
 */
import * as fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LoyaltyApiError, LoyaltyValidationError } from '../../src/index.js';
import { type Operation, operations } from '../../src/operations/table.js';
import { MAX_BODY_BYTES } from '../../src/server/internal.js';
import { checkProperty, LONG_RUN, runsFor, timeoutFor } from '../support/property-runs.js';
import { createRecordingClient } from '../support/recording-client.js';
import { argumentsFor, idempotencyKeyOption, SEED_UIDS } from './arbitraries.js';
import { prototypeChanges, snapshotPrototypes, storeProblems } from './invariants.js';

const RUNS = runsFor(1_000);
/** Long runs start over with a fresh engine now and then (after checking it), so state stays small. */
const FRESH_ENGINE_EVERY = 5_000;
const prototypesBefore = snapshotPrototypes();

/** What the server may answer to a request the client let through: a 400 would be a disagreement. */
const ACCEPTED_FAILURES = new Set([404, 409, 422]);

describe('SDK methods under random arguments (fast-check)', () => {
  it.each(operations.map((operation) => [operation.id, operation] as [string, Operation]))(
    '%s: LoyaltyValidationError with nothing sent, or a request the server does not refuse as invalid',
    async (id, operation) => {
      let harness = createRecordingClient();
      let created: string[] = [];
      let cases = 0;
      const outcomes: Record<string, number> = {};
      const count = (outcome: string) => {
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      };
      let method = harness.method(id);
      const property = fc.asyncProperty(argumentsFor(operation), idempotencyKeyOption, async (args, idem) => {
        cases += 1;
        if (cases % FRESH_ENGINE_EVERY === 0) {
          expect(await storeProblems(harness.engine, [...SEED_UIDS, ...created])).toEqual([]);
          harness = createRecordingClient();
          method = harness.method(id);
          created = [];
        }
        harness.sent.length = 0;
        const options = idem === undefined ? undefined : { idempotencyKey: idem as string };
        const callArgs: unknown[] = [...args.params];
        if (args.hasInput) callArgs.push(args.input);
        callArgs.push(options);
        let value: unknown;
        let error: unknown;
        let failed = false;
        try {
          value = await method(...callArgs);
        } catch (caught) {
          failed = true;
          error = caught;
        }
        const sent = harness.sent;
        if (!failed) {
          expect(sent).toHaveLength(1);
          expect(sent[0]?.response.status).toBe(200);
          if (id === 'clientes.create') created.push((value as { uid: string }).uid);
          count('200');
          return;
        }
        if (error instanceof LoyaltyValidationError) {
          expect(sent, 'a validation error sends nothing').toHaveLength(0);
          expect(error.issues.length).toBeGreaterThan(0);
          expect(error.operationId).toBe(id);
          count('validation');
          return;
        }
        if (error instanceof LoyaltyApiError) {
          expect(sent).toHaveLength(1);
          const status = error.status;
          const oversized = status === 413 && (sent[0]?.bodyBytes ?? 0) > MAX_BODY_BYTES;
          expect(
            ACCEPTED_FAILURES.has(status) || oversized,
            `the server answered ${status} to what the client sent: ${sent[0]?.response.body.slice(0, 500)}`,
          ).toBe(true);
          count(String(status));
          return;
        }
        throw new Error(
          `neither a LoyaltyValidationError nor an answer of the server: ${String(error)}\n${(error as Error)?.stack ?? ''}`,
        );
      });
      await checkProperty(`sdk ${id}`, property, RUNS);
      if (LONG_RUN) console.log(`[fuzz] sdk ${id} outcomes: ${JSON.stringify(outcomes)}`);
      // The generators must keep reaching the server, or the property says little.
      expect(RUNS - (outcomes.validation ?? 0)).toBeGreaterThanOrEqual(RUNS * 0.05);
      expect(await storeProblems(harness.engine, [...SEED_UIDS, ...created])).toEqual([]);
    },
    timeoutFor(RUNS, 1),
  );
});

afterAll(() => {
  expect(prototypeChanges(prototypesBefore)).toEqual([]);
});
