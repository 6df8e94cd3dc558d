/** `--max-points` and `--max-customers` refusals (src/cli/mcp/caps.ts): what they say, counted right. */
import { describe, expect, it } from 'vitest';
import { customersRefusal, pointsRefusal } from '../../src/cli/mcp/caps.js';

describe('the caps', () => {
  it.each([
    [1, "this server's cap of 1 point per call"],
    [250, "this server's cap of 250 points per call"],
  ])('--max-points %i refuses more, naming the cap: %s', (maxPoints, said) => {
    expect(pointsRefusal({ maxPoints }, { puntos: maxPoints + 1 })).toContain(said);
    expect(pointsRefusal({ maxPoints }, { puntos: -(maxPoints + 1) })).toContain(said);
    expect(pointsRefusal({ maxPoints }, { puntos: maxPoints })).toBeUndefined();
  });

  it('--max-customers refuses to apply a group action that reaches more, nothing applied', () => {
    expect(customersRefusal({ maxCustomers: 1 }, 2)).toBe(
      "Refused, nothing was applied: the action would reach 2 customers, more than this server's cap of 1 (loyalty mcp --max-customers). Ask the operator to apply it.",
    );
    expect(customersRefusal({ maxCustomers: 1 }, 1)).toBeUndefined();
  });
});
