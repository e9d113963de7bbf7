/**
 * simulator/charges/: fee requests and answers between members (semantics §10). The service relays
 * them on the `charge` gateway queues and checks that an answer answers an open request and agrees
 * with it; it computes no fee itself.
 */
import type { ChargeRequest, PaymentCharge } from '../../schemas/wire.ts';
import { FinishedFirst } from '../retention/finished-first.ts';
import { defaultRetention, type DroppedCounts } from '../retention/retention.ts';

/** What the `charge` queue carries: the body as sent, and the member that sent it. */
export type ChargeMessage = (ChargeRequest | PaymentCharge) & { sender: string };

/**
 * The open requests, by originating member, instructed member and request_uuid. An originator uses a
 * request_uuid once, so that an answer can never be taken for the answer of another request. The
 * request_uuids used are bounded (retention `charges`): past it the one whose request was answered
 * earliest is forgotten (the originator may use it again); an open request stays, however old.
 */
export class ChargeBook {
  private readonly open = new Map<string, ChargeRequest>();
  /** Every request_uuid used, by originator; finished once its request is answered. */
  private readonly used: FinishedFirst<true>;

  constructor(limit: number = defaultRetention.charges, dropped?: DroppedCounts) {
    this.used = new FinishedFirst('charges', limit, dropped);
  }

  isUsed(originator: string, requestUuid: string): boolean {
    return this.used.has(usedKey(originator, requestUuid));
  }

  request(originator: string, instructed: string, request: ChargeRequest): void {
    this.used.set(usedKey(originator, request.request_uuid), true);
    this.open.set(openKey(originator, instructed, request.request_uuid), request);
  }

  /** The open request `originator` sent to `instructed` with this uuid. */
  find(originator: string, instructed: string, requestUuid: string): ChargeRequest | undefined {
    return this.open.get(openKey(originator, instructed, requestUuid));
  }

  close(originator: string, instructed: string, requestUuid: string): void {
    this.open.delete(openKey(originator, instructed, requestUuid));
    this.used.finish(usedKey(originator, requestUuid));
  }
}

function usedKey(originator: string, requestUuid: string): string {
  return JSON.stringify([originator, requestUuid]);
}

function openKey(originator: string, instructed: string, requestUuid: string): string {
  return JSON.stringify([originator, instructed, requestUuid]);
}
