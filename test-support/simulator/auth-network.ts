import { SimClock } from '../../simulator/clock.ts';
import { DssError } from '../../simulator/errors.ts';
import { FaultSwitch, type FaultName } from '../../simulator/faults/catalogue.ts';
import { MemberRegistry } from '../../simulator/members/registry.ts';
import type { Principal } from '../../simulator/auth/principal.ts';
import type { TokenRequest } from '../../simulator/auth/token-request.ts';
import { TokenService } from '../../simulator/auth/tokens.ts';

/** Start of the test clock: not on a whole second, so millisecond-exact expiry is really exercised. */
export const T0 = Date.UTC(2026, 0, 15, 9, 30, 0, 123);

/**
 * The auth tests' network (test support only): a clock that moves only when told, a tokenizer, a
 * market maker with two operating accounts, and a market maker that is not activated yet.
 */
export async function testNetwork(faults: FaultName[] = []) {
  const clock = new SimClock(T0, () => 0);
  const members = new MemberRegistry('auth-tests');
  members.add({ identification: 'tokenizer-us', bicfi: 'TOKNUS33', business_role: 'MIS', country_code: 'US' });
  members.add({
    identification: 'maker-de',
    bicfi: 'MAKRDEFF',
    business_role: 'MMM',
    country_code: 'DE',
    operating_accounts: ['main', 'trading'],
  });
  members.add({
    identification: 'maker-fr',
    bicfi: 'NEWMFRPP',
    business_role: 'MMM',
    country_code: 'FR',
    member_state: 'created',
  });
  const faultSwitch = new FaultSwitch(faults);
  const tokens = await TokenService.create(clock, members, faultSwitch);
  return {
    clock,
    members,
    faults: faultSwitch,
    tokens,
    /** Issues a token and authenticates with it, as a route would. */
    async principal(request: TokenRequest): Promise<Principal> {
      const { token } = await tokens.issue(request);
      return tokens.authenticate(`Bearer ${token}`);
    },
  };
}

/** The code of the DssError a promise rejects with (or a function throws). */
export async function refusal(action: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (error) {
    if (error instanceof DssError) return error.code;
    throw error;
  }
  return 'no refusal';
}
