import { readFileSync } from 'node:fs';
import type { ServiceProfile } from '../../verify/index.js';
import { UsageError } from '../shared/usage-error.js';

/** The JSON of `--profile FILE`; what it holds is checked by verifyService, before anything is sent. */
export function readProfileFile(file: string): ServiceProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--profile: cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as ServiceProfile;
  } catch (error) {
    throw new UsageError(`--profile: ${file} is not valid JSON: ${(error as Error).message}`);
  }
}
