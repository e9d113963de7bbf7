import { test, expect } from '@playwright/test';
import type { RequestQuotationState } from '../../schemas/enumerations.ts';
import { refusal } from '../../test-support/simulator/value-network.ts';
import {
  CANCELLED,
  COMPLETED,
  FAILED,
  IN_PROGRESS,
  UPDATED,
  WAITING,
  move,
  type QuotationEvent,
} from './state-machine.ts';

const states: RequestQuotationState[] = [WAITING, UPDATED, IN_PROGRESS, COMPLETED, FAILED, CANCELLED];
const events: QuotationEvent[] = ['answer', 'cancel', 'claim', 'release', 'complete', 'fail'];

/** Every allowed move, as semantics §7 draws it (plus the release of a refused claim); nothing else: 21, 80, 90 are final. */
const allowed: Record<string, RequestQuotationState> = {
  [`${WAITING} answer`]: UPDATED,
  [`${UPDATED} answer`]: UPDATED,
  [`${WAITING} cancel`]: CANCELLED,
  [`${UPDATED} cancel`]: CANCELLED,
  [`${UPDATED} claim`]: IN_PROGRESS,
  [`${IN_PROGRESS} release`]: UPDATED,
  [`${IN_PROGRESS} complete`]: COMPLETED,
  [`${IN_PROGRESS} fail`]: FAILED,
};

for (const from of states) {
  for (const event of events) {
    const to = allowed[`${from} ${event}`];
    test(`${event} from ${from}: ${to === undefined ? 'refused (400), state kept' : `moves to ${to}`}`, () => {
      const quotation = { quotation_uuid: 'q', state: from };
      if (to !== undefined) {
        move(quotation, event);
        expect(quotation.state).toBe(to);
        return;
      }
      expect(refusal(() => move(quotation, event))).toMatchObject({ code: 'QUOTATION-INVALID-STATE', status: 400 });
      expect(quotation.state).toBe(from);
    });
  }
}
