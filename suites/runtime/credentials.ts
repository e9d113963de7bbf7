import type { TokenRights } from './control.ts';
import { test, type Actor, type Actors } from './fixtures.ts';
import { HarnessFault } from './harness-fault.ts';
import type { CredentialName } from './profile.ts';

/**
 * The extra tokens the checks of rights and sessions need (a viewer token, one limited to an account...).
 * A simulator mints each through its control plane (the stand-in for the client portal), with the
 * rights the check asks for; any other target gives them in the profile (`members.<role>.tokens.<name>`,
 * docs/profiles.md) with the rights its portal issued them with, and a check that needs one the
 * profile lacks is skipped: not verified here, with the missing credential named.
 */

export interface Credential {
  token: string;
  /** The rights it was issued with: the check's own on a simulator, the profile's declaration elsewhere. */
  rights: TokenRights;
  /** Where it comes from, for messages. */
  source: string;
  /** Keeps a renewal of it (the refresh check spends it) for the rest of the run and `--tokens-out`. */
  renewed(token: string): void;
}

/** `rights`: what a simulator mints; elsewhere the profile's declared rights come back instead. */
export async function credential(
  actors: Actors,
  actor: Actor,
  name: CredentialName,
  rights: TokenRights,
): Promise<Credential> {
  if (actors.control) {
    const { token } = await actors.control.createToken(actor.identification, rights);
    return { token, rights, source: `a ${name} token minted by the control plane`, renewed: () => undefined };
  }
  const path = `${actor.path ?? `members.${actor.role}`}.tokens.${name}`;
  const given = actor.profile?.tokens[name];
  if (!given) skipFor(`needs profile credential ${path}`);
  const { token, role, ...limits } = given;
  return {
    token: actors.tokens?.latest(`${path}.token`) ?? token,
    rights: { role: role ?? 'manager', ...limits },
    source: path,
    renewed: (renewed) => actors.tokens?.save(`${path}.token`, renewed),
  };
}

/**
 * The check cannot run with what this target offers: skipped with `reason`, which names what is
 * missing (reports show it as not verified here).
 */
export function skipFor(reason: string): never {
  test.skip(true, reason);
  throw new HarnessFault('test.skip did not end the check');
}
