import { SCOPES } from '../../operations/scopes.js';
import { DEFAULT_LIMITS, RECORD_VALUE_SHARE } from '../../server/internal.js';

export const DEFAULT_PORT = 4010;

export const USAGE = `Usage: loyalty serve [options]

Starts the in-memory reference server of the Loyalty External API v3.

Options:
  --port N                 Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H                 Address to bind (default 127.0.0.1: this machine only)
  --config FILE            JSON file with the createReferenceServer options: keys, seed, limits, faults
  --profile FILE           Answer as a measured service did (a profile from loyalty verify --profile-out):
                           its record fields, refusal codes, details form, headers and limits
  --key KEY=SCOPE,SCOPE    Accept KEY with these scopes; repeat for more keys
  --key KEY=*              Accept KEY with every scope
  --fault-rate R           Inject faults into R (0..1) of the /ext/v3 requests, spread evenly over
                           serverError, dropBeforeProcessing, dropAfterCommit, rateLimitStorm, stallBody
  --fault-seed N           Seed of the fault schedule (0..4294967295); default: random, printed
  --fault-latency MS|MIN-MAX
                           Add this latency (ms) to every /ext/v3 answer
  --faults JSON            The whole faults option, e.g. '{"seed":42,"rates":{"dropAfterCommit":0.1}}';
                           the three flags above override its fields
  --admin-token T          Require T for the inspector and the admin routes (Authorization: Bearer T,
                           or ?token=T); without it they answer only on a loopback --host
  --max-records N          Records requests may create (customers, points movements, notifications,
                           groups) until a reset (default ${DEFAULT_LIMITS.maxRecords}); past it a write is refused (422)
  --max-record-bytes N     The most one stored record may take, its JSON plus ${RECORD_VALUE_SHARE} bytes a value
                           (default ${DEFAULT_LIMITS.maxRecordBytes}); a larger one is refused (422)
  -h, --help               Show this text

Without --key or keys in the config file, the public demo keys are accepted.
Inspector: open {base}/__inspector in a browser (the requests, live, and the state).
Fault counts: GET /__admin/faults. Replay a run: the same options and its seed.
Scopes: ${SCOPES.join(', ')}
`;
