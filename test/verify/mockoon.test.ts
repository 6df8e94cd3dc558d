/**
 * verify against Mockoon CLI 9.9.0 started on our own document, in safe and sandbox mode: the
 * findings are exactly the ones listed and judged true in mockoon-expected.ts.
 */
import { startMockoon } from '../support/mockoon.js';
import { describeMockRuns } from './mock-runs.js';
import { MOCKOON, MOCKOON_WRITES } from './mockoon-expected.js';

describeMockRuns('mockoon-cli start', startMockoon, MOCKOON, MOCKOON_WRITES);
