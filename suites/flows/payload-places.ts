/**
 * Where a gateway message holds what it delivers. The spec gives each message the shape streamMessages,
 * "response_data: array of objects" (line 528), and says the shape of those objects is not shown (531):
 * a response_data object may be the payload itself (the reference, docs/semantics.md "Gateway messages
 * and the listening service") or hold it one level down, under a key of the target's choosing
 * (`{"charge": {…}}`). Every flow that looks for a payload looks at both places, so that a rule of the
 * specification never depends on where the payload sits; a rule about the place is the reference
 * profile's (CHG-GATEWAY-PAYLOAD, QUO-GATEWAY-PAYLOAD, GW-TRANSACTIONS-PAYLOAD).
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The places of one response_data object: the object itself first, then each object directly inside it. */
export function payloadPlaces(data: unknown): Array<Record<string, unknown>> {
  return isObject(data) ? [data, ...Object.values(data).filter(isObject)] : [];
}

/** The first place of `data` that `wanted` accepts: the payload `data` delivers, if it is one. */
export function findPayload(
  data: unknown,
  wanted: (payload: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  return payloadPlaces(data).find(wanted);
}

/** A payload with `field` equal to `value`: how a message is known by an identifier it must carry. */
export function withField(field: string, value: unknown): (payload: Record<string, unknown>) => boolean {
  return (payload) => Object.hasOwn(payload, field) && payload[field] === value;
}
