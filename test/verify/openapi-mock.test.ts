/**
 * verify against openapi-mock-express-middleware 3.0.2 on our own document, in safe and sandbox
 * mode: the findings are exactly the ones listed and judged true in openapi-mock-expected.ts.
 */
import { startOpenApiMock } from '../support/openapi-mock.js';
import { describeMockRuns } from './mock-runs.js';
import { OPENAPI_MOCK, OPENAPI_MOCK_WRITES } from './openapi-mock-expected.js';

describeMockRuns('openapi-mock-express-middleware', startOpenApiMock, OPENAPI_MOCK, OPENAPI_MOCK_WRITES);
