import type { Handlers } from '../http/call.ts';
import { memberDirectoryHandlers } from './member-directory.ts';
import { memberExchangeHandlers } from './member-exchange.ts';
import { memberLedgerHandlers } from './member-ledger.ts';
import { memberMessageHandlers } from './member-messages.ts';
import { memberPaymentHandlers } from './member-payments.ts';

/**
 * Member interface (`/client/v1/api`): the handlers of every catalogue endpoint, gathered from one
 * file per area. The family router refuses to start if an endpoint has no handler.
 */
export const memberHandlers = {
  ...memberDirectoryHandlers,
  ...memberLedgerHandlers,
  ...memberMessageHandlers,
  ...memberExchangeHandlers,
  ...memberPaymentHandlers,
} satisfies Handlers<'member'>;
