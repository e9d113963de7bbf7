import { DssError } from '../errors.ts';
import { memberIdentificationPattern } from '../members/registry.ts';

/** Any UUID, lower or upper case; the request part of a quotation id is 36 characters long. */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const UUID_LENGTH = 36;

/** `<request_uuid>-<seller member id>` (semantics §7); member ids may hold hyphens, uuids never vary in length. */
export function quotationId(requestUuid: string, seller: string): string {
  return `${requestUuid}-${seller}`;
}

/** Refuses (400) an id that is not `<uuid>-<member identification>`. */
export function requireQuotationId(id: string): void {
  const requestUuid = id.slice(0, UUID_LENGTH);
  const seller = id.slice(UUID_LENGTH + 1);
  if (!UUID.test(requestUuid) || id[UUID_LENGTH] !== '-' || !memberIdentificationPattern.test(seller)) {
    throw new DssError(
      'QUOTATION-ID-MALFORMED',
      `quotation_uuid ${JSON.stringify(id)} is not <request_uuid>-<member_identification>.`,
    );
  }
}
