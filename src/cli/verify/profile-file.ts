import type { ServiceProfile } from '../../verify/index.js';
import { CONFIG_FILE_BYTES, type FileLimit, readJsonFile } from '../shared/capped-file.js';

/** `--profile FILE` of `loyalty verify` and `loyalty serve`: a profile as verify writes it. */
export const PROFILE_FILE: FileLimit = {
  flag: '--profile',
  maxBytes: CONFIG_FILE_BYTES,
  holds: 'a profile is what loyalty verify --profile-out writes, a few levels deep',
};

/** The JSON of `--profile FILE`; what it holds is checked by verifyService, before anything is sent. */
export function readProfileFile(file: string): ServiceProfile {
  return readJsonFile(file, PROFILE_FILE) as ServiceProfile;
}
