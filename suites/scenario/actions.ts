import type { EndpointId } from '../../schemas/endpoints.ts';
import type { ResourceName } from '../../schemas/resources.ts';
import type { StepData } from './format.ts';
import { fieldProblems, fillTemplate, loadTemplate, TemplateError } from './message-templates.ts';

/**
 * Harness actions: steps that say what they want done (`sign: { payload }`) and become a call of the
 * target's own endpoint, so a scenario never holds a key and every signature is the target's. Each
 * action is one request with defaults; the runner knows nothing else about it. A new action is one
 * more entry here and in format.ts.
 */

export interface ActionRequest {
  endpoint: EndpointId;
  body: unknown;
  /** The resource a successful answer must be, unless the step's `expect.schema` says otherwise. */
  schema: ResourceName;
  /** The answer is signed material: never shown in a failure message. */
  signedAnswer: true;
  /** What is wrong with the action's fields, found before a run; `path` is below the action. */
  problems?: Array<{ path: string[]; message: string }>;
  /** Makes the body to send from `body` with its expressions evaluated (may throw EvaluationError). */
  complete?: (resolved: unknown) => unknown;
}

/** The actor's first operating account, the spec's default account. */
const defaultAccount = (role: string) => `\${actors.${role}.accounts[0]}`;

/** What each action asks of the target, given the acting role and the action's fields. */
export const actions = {
  /** `sign: { account?, payload }`: `POST /sign/payload`; the account defaults to the actor's first operating account. */
  sign: (role: string, { account = defaultAccount(role), payload }: NonNullable<StepData['sign']>): ActionRequest => ({
    endpoint: 'member.signPayload',
    body: { account_identification: account, unsigned_payload: payload },
    schema: 'memberSignedPayload',
    signedAnswer: true,
  }),

  /**
   * `sign_message: { account?, template, fields }`: the message template (scenarios/messages/) filled with
   * the fields, in its Message envelope, base64, signed by `POST /sign/message` with the account (default:
   * the actor's first operating account). The answer's `payload` is the signed Message.
   */
  sign_message: (
    role: string,
    { account = defaultAccount(role), template, fields }: NonNullable<StepData['sign_message']>,
  ): ActionRequest => {
    const request: ActionRequest = {
      endpoint: 'member.signMessage',
      body: { account_identification: account, unsigned_payload: fields },
      schema: 'signedMessagePayload',
      signedAnswer: true,
    };
    let loaded;
    try {
      loaded = loadTemplate(template);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      return { ...request, problems: [{ path: ['template'], message: error.message }] };
    }
    const message = loaded;
    return {
      ...request,
      problems: fieldProblems(message, Object.keys(fields)).map((problem) => ({ path: ['fields'], message: problem })),
      // The body above with its expressions evaluated: `fields` is still an object (format.ts).
      complete: (resolved) => {
        const body = resolved as { account_identification: unknown; unsigned_payload: Record<string, unknown> };
        return {
          ...body,
          unsigned_payload: Buffer.from(fillTemplate(message, body.unsigned_payload), 'utf8').toString('base64'),
        };
      },
    };
  },
};

export type ActionName = keyof typeof actions;
export const actionNames = Object.keys(actions) as ActionName[];
