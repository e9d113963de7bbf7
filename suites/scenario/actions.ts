import type { EndpointId } from '../../schemas/endpoints.ts';
import type { ResourceName } from '../../schemas/resources.ts';
import type { StepData } from './format.ts';

/**
 * Harness actions: steps that say what they want done (`sign: { payload }`) and become a call of the
 * target's own endpoint, so a scenario never holds a key and every signature is the target's. Each
 * action is one request with defaults; the runner knows nothing else about it. A new action (for
 * example `sign_message` through `/sign/message`) is one more entry here and in format.ts.
 */

interface ActionRequest {
  endpoint: EndpointId;
  body: unknown;
  /** The resource a successful answer must be, unless the step's `expect.schema` says otherwise. */
  schema: ResourceName;
  /** The answer is signed material: never shown in a failure message. */
  signedAnswer: true;
}

/** What each action asks of the target, given the acting role and the action's fields. */
export const actions = {
  /** `sign: { account?, payload }`: `POST /sign/payload`; the account defaults to the actor's first operating account. */
  sign: (role: string, { account = `\${actors.${role}.accounts[0]}`, payload }: NonNullable<StepData['sign']>): ActionRequest => ({
    endpoint: 'member.signPayload',
    body: { account_identification: account, unsigned_payload: payload },
    schema: 'memberSignedPayload',
    signedAnswer: true,
  }),
};

export type ActionName = keyof typeof actions;
export const actionNames = Object.keys(actions) as ActionName[];
