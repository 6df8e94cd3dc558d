/**
 * The clock the fleet's wall time is read by, imported only under `npm run test:fleet`
 * (FLEET_SIZE=full): a bound on time holds only with the machine to itself, so the unit run
 * checks what the fleet does, not how long it takes.
 */
export const wallClock = (): number => Date.now();
