import type { QuotationParameters } from '../../schemas/wire.ts';
import type { Principal } from '../auth/principal.ts';
import { DssError } from '../errors.ts';
import type { SimState } from '../state.ts';
import { hasCondition } from './filters.ts';
import { matchingQuotations, visibleQuotation } from './reading.ts';
import { CANCELLED, canMove, move } from './state-machine.ts';

/**
 * Cancellation (semantics §7): the buyer or the seller may cancel while the quotation is waiting or
 * updated; once an exchange has begun, or it is final, cancelling is refused. Cancelling tells no one
 * through the gateway: the other side sees state 90 when it reads.
 */

/** `DELETE /exchange/quotations/{quotation_uuid}`: 404 when not visible, 400 when not cancellable. */
export function cancelQuotation(state: SimState, caller: Principal, id: string): void {
  const quotation = visibleQuotation(state, caller, id);
  // Fault quotation-cancel-after-completion: the state guard is skipped, whatever the state.
  if (state.faults.on('quotation-cancel-after-completion')) quotation.state = CANCELLED;
  else move(quotation, 'cancel');
}

/**
 * `DELETE /exchange/quotations`: cancels the caller's open quotations that match. With no condition,
 * only an explicit `cancel_quotations: true` cancels everything, so an empty body cannot wipe a book
 * by mistake.
 */
export function cancelQuotations(state: SimState, caller: Principal, parameters: QuotationParameters): void {
  if (!hasCondition(parameters) && parameters.cancel_quotations !== true) {
    throw new DssError(
      'QUOTATION-CANCEL-UNSPECIFIED',
      'Give at least one condition, or cancel_quotations: true to cancel all your open quotations.',
    );
  }
  for (const quotation of matchingQuotations(state, caller, parameters)) {
    if (canMove(quotation.state, 'cancel')) move(quotation, 'cancel');
  }
}
