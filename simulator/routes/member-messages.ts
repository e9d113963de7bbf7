import { requireAccount } from '../auth/authorize.ts';
import type { Handlers } from '../http/call.ts';
import { signMessage } from '../iso20022/sign-message.ts';

/** Member interface: ISO 20022 messages (semantics §11). */
export const memberMessageHandlers = {
  'member.signMessage': ({ caller, body }) => {
    const { account_identification, unsigned_payload } = body;
    requireAccount(caller, account_identification);
    return { payload: signMessage(caller.member, account_identification, unsigned_payload) };
  },
} satisfies Partial<Handlers<'member'>>;
