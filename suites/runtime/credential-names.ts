import type { TokenRights } from './token-rights.ts';
import type { ProfileMember } from './profile.ts';
import { MIN_CREDENTIAL_LENGTH } from './redaction.ts';
import { variableAt } from './tokens-out.ts';

/**
 * The credentials of one worker, known by value, each with a name that says what it is: a token of
 * which member, with which rights, from where. A recorded call keeps the names of the credentials it
 * carried, never their values (request-template.ts), so that a report can show its calls as a runnable
 * reproduction with a shell variable where each token went, and tell a person where to get a value for
 * it. The values stay in this map, in the worker's memory, for as long as the worker lives.
 */

/** What a report keeps of a credential a call carried: no value, only where one comes from. */
export interface NamedCredential {
  /**
   * The placeholder's name, unique in the worker (`DSS_TOKEN_MMA_2` for its second token of that kind):
   * a recorded request template says `${DSS_TOKEN_MMA_2}` where the value went.
   */
  placeholder: string;
  /**
   * The shell variable a reproduction names it by when it uses one credential of this kind
   * (`DSS_TOKEN_MMA`); a reproduction that uses two numbers the second (`DSS_TOKEN_MMA_2`).
   */
  variable: string;
  /** The member it is a token of. */
  member: string;
  /** Where the profile gives it (`members.mmA.token`); absent for a token the simulator's control plane minted. */
  profile_path?: string;
  /** The environment variable the profile reads it from (`${MMA_TOKEN}` in the profile), when it does. */
  profile_variable?: string;
  /** The rights it was minted with (a simulator), or that the profile declares for it. */
  rights?: TokenRights;
  /** The run renewed it through GET /oauth-token/refresh (or reissued it): another token of the same kind. */
  renewed?: boolean;
}

const PREFIX = 'DSS_TOKEN_';

export class CredentialNames {
  private readonly byValue = new Map<string, NamedCredential>();
  private readonly perVariable = new Map<string, number>();
  /** Members this worker acts as, by identification: their role names their tokens (`DSS_TOKEN_MMA`). */
  private readonly roles = new Map<string, string>();

  /** A member the checks act as under `role` (`mmA`): its tokens are named after the role. */
  actor(identification: string, role: string): void {
    this.roles.set(identification, role);
  }

  /** A token the profile gives at `path` (`members.mmA.token`, `members.mmA.tokens.viewer.token`). */
  fromProfile(
    value: string,
    path: string,
    member: string,
    details: { profile_variable?: string; rights?: TokenRights } = {},
  ): void {
    this.add(value, variableOfPath(path), { member, profile_path: path, ...details });
  }

  /** A token the simulator's control plane minted for `member` with `rights`. */
  minted(value: string, member: string, rights: TokenRights): void {
    const who = this.roles.get(member) ?? member;
    this.add(value, `${PREFIX}${shellName(who)}${rightsSuffix(rights)}`, { member, rights });
  }

  /** `renewed` replaced `previous` (a refresh answered it): another token of the same kind. */
  renewal(previous: string, renewed: string): void {
    const known = this.byValue.get(previous);
    if (!known || this.byValue.has(renewed)) return;
    const { placeholder: _placeholder, variable, ...rest } = known;
    this.add(renewed, variable, { ...rest, renewed: true });
  }

  find(value: string): NamedCredential | undefined {
    return this.byValue.get(value);
  }

  private add(value: string, variable: string, details: Omit<NamedCredential, 'placeholder' | 'variable'>): void {
    // The first name a value got stays: the same token handed on again is still the same credential.
    // A short value is no credential, and as a known value it would be replaced in every request it occurs in.
    if (value.length < MIN_CREDENTIAL_LENGTH || this.byValue.has(value)) return;
    const count = (this.perVariable.get(variable) ?? 0) + 1;
    this.perVariable.set(variable, count);
    this.byValue.set(value, { placeholder: `${variable}_${count}`, variable, ...details });
  }
}

/**
 * Names every token the profile gives a member at `path` (`members.mmA`): its own and its extra ones,
 * each with the variable the profile file reads it from (`source`: the file as parsed, before the
 * environment is substituted), and the run's latest renewal of each (`latest`, see TokenStore).
 */
export function nameProfileMember(
  names: CredentialNames,
  path: string,
  member: ProfileMember,
  source: unknown,
  latest: (path: string) => string | undefined,
): void {
  const name = (tokenPath: string, value: string, rights?: TokenRights) => {
    const profileVariable = variableAt(source, tokenPath);
    const details = {
      ...(profileVariable === null ? {} : { profile_variable: profileVariable }),
      ...(rights === undefined ? {} : { rights }),
    };
    names.fromProfile(value, tokenPath, member.identification, details);
    const renewed = latest(tokenPath);
    if (renewed !== undefined && renewed !== value) names.renewal(value, renewed);
  };
  name(`${path}.token`, member.token);
  for (const [credential, given] of Object.entries(member.tokens)) {
    if (!given) continue;
    const { token, role, ...limits } = given;
    name(`${path}.tokens.${credential}.token`, token, { role: role ?? 'manager', ...limits });
  }
}

/** `members.mmA.tokens.viewer.token` -> `DSS_TOKEN_MMA_VIEWER`; `member_sets[1].mmA.token` -> `DSS_TOKEN_SET1_MMA`. */
export function variableOfPath(path: string): string {
  const words = path
    .replace(/^members\./, '')
    .replace(/^member_sets\[(\d+)\]\./, 'set$1.')
    .replace(/\.tokens\./, '.')
    .replace(/\.token$/, '');
  return `${PREFIX}${shellName(words)}`;
}

function rightsSuffix(rights: TokenRights): string {
  const limited = rights.accounts !== undefined || rights.endpoints !== undefined || rights.allowed_ips !== undefined;
  return `${rights.role === 'manager' ? '' : `_${shellName(rights.role)}`}${limited ? '_LIMITED' : ''}`;
}

/** Upper case letters, digits and underscores: what a POSIX shell takes in a variable name. */
function shellName(words: string): string {
  return words
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
