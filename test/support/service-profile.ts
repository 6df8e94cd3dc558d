/** A service profile as `loyalty verify --profile-out` writes it (format version 2), of the calibrations given. */
import type { ProfileFact, ServiceProfile } from '../../src/server/internal.js';

export function serviceProfile(calibrations: ProfileFact[]): ServiceProfile {
  return {
    format: 'loyalty-sdk/service-profile',
    version: 2,
    origin: 'https://loyalty.example',
    measuredAt: '2026-11-25T00:00:00.000Z',
    sdkVersion: '0.1.0',
    calibrations,
    entries: [],
  };
}
