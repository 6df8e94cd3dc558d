import { counted } from '../../core/index.js';
import type { ServiceProfile } from '../../server/internal.js';

/** The startup line of a server following a profile: whose, when, and how much it changes. */
export function describeProfile(profile: ServiceProfile | undefined): string[] {
  if (profile === undefined) return [];
  return [
    `Following the profile of ${profile.origin || 'a service'} (measured ${profile.measuredAt}): ${counted(profile.calibrations.length, 'calibration')}`,
  ];
}
