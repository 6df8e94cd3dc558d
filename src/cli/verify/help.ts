import { DEFAULT_MAX_REQUESTS_PER_SECOND, DEFAULT_PROBE_TIMEOUT_MS } from '../../verify/options.js';
import { SAMPLE_NAMES } from '../../verify/sample-rules.js';
import { BURST_BOUND } from '../../verify/sandbox/plan.js';
import { KEY_SOURCES } from '../shared/api-key.js';
import { columns } from '../shared/help-columns.js';
import { WHERE_IDS_ARE } from '../table/operation-id.js';
import { VERIFY_COMMAND } from './args.js';

/** The flags of `loyalty verify`, each with what it does. */
const OPTIONS: [string, string][] = [
  ['--base-url URL', 'the service (default LOYALTY_BASE_URL)'],
  ['--api-key-file FILE', `the API key: ${KEY_SOURCES};\nnever printed or written`],
  [
    '--mode safe|sandbox',
    'safe (default): GET requests; dry runs of group actions on the --sample\n' +
      'groups; and requests the service must refuse, a write among them only to\n' +
      'an id a GET of it answered 404 in the same run. It sends no create, no\n' +
      'write to a task or group id (no GET names one alone), and none to an id it\n' +
      'breaks a rule with (a uid too long): sandbox sends those. After the first\n' +
      'write the service carries out (2xx), it sends no other; that write is\n' +
      'named in the report, the JSON and the last line.\n' +
      'sandbox: also writes, against a sandbox, with --yes: a customer named\n' +
      'loyalty-verify, a point added to it, its Idempotency-Keys sent again, the\n' +
      'tag loyalty-verify on the --sample group after its dry run, and a burst of\n' +
      `at most ${BURST_BOUND} reads, unpaced, to the first 429. The report lists what\n` +
      'it created.',
  ],
  ['--yes, -y', 'agree to the writes of --mode sandbox'],
  ['--only ID,...', `check only these operations (${WHERE_IDS_ARE});\ndefault: all the key may call`],
  [
    '--sample NAME=VALUE',
    `an id the probes may use; repeat for more. NAME: ${SAMPLE_NAMES.join(', ')}\n` +
      '(integers but uid). A customer is read only with a uid given, a group\n' +
      'action dry-run only on a grupoId given; task and promotion ids are found\n' +
      'by list reads when not given. The report shows no other id.',
  ],
  ['--max-rps N', `at most N requests a second to the service (default ${DEFAULT_MAX_REQUESTS_PER_SECOND})`],
  [
    '--timeout-ms N',
    `how long one request may take, headers and body (default ${DEFAULT_PROBE_TIMEOUT_MS});\n` +
      'the first request past it ends the run: unverified, exit 7',
  ],
  ['--plan', 'print every request the run would send (method, path, purpose) and send\nnone; needs no key'],
  ['--report FILE.md', 'write the Markdown report to FILE instead of stdout'],
  ['--json FILE', 'write the result as JSON: verdict, findings, coverage, profile, requests'],
  ['--junit FILE', 'write JUnit XML for CI: one test case per operation and check'],
  [
    '--profile FILE',
    'compare with the reference server following this profile (one --profile-out\nwrote): agrees when the service still answers as it did then',
  ],
  ['--profile-out FILE', 'write what the run learned of the service (a profile, JSON)'],
  ['--help, -h', 'this help'],
];

/** `loyalty verify --help`. */
export function verifyHelp(): string {
  return [
    `Usage: ${VERIFY_COMMAND} [options]`,
    '',
    'Measures the real service against the SDK and its reference server: the OpenAPI document the',
    'service gives the key, reads of the sample records, requests the service must refuse, and dry',
    'runs of group actions, each compared with what the SDK and the reference server do. Prints a',
    'Markdown report, verdict first: agrees, differs, or unverified (too little could run to say).',
    '',
    'Options:',
    ...columns(OPTIONS),
    '',
    'Nothing printed or written holds the key or a record value: field names, types and counts only.',
    'Progress goes to stderr on a terminal.',
    '',
    'Exit statuses: 0 the service agrees; 1 it differs; 8 unverified (too little could run to say);',
    '70 verify itself failed (a bug in loyalty-sdk, said in one line); 2 invalid input (nothing sent);',
    '3 the key was refused; 7 no answer.',
    '',
  ].join('\n');
}
