import { SCOPES } from '../operations/scopes.js';

export const DEFAULT_PORT = 4010;

export const USAGE = `Usage: loyalty serve [options]

Starts the in-memory reference server of the Loyalty External API v3.

Options:
  --port N                 Port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host H                 Address to bind (default 127.0.0.1: this machine only)
  --config FILE            JSON file with the createReferenceServer options: keys, seed, limits
  --key KEY=SCOPE,SCOPE    Accept KEY with these scopes; repeat for more keys
  --key KEY=*              Accept KEY with every scope
  -h, --help               Show this text

Without --key or keys in the config file, the public demo keys are accepted.
Scopes: ${SCOPES.join(', ')}
`;
