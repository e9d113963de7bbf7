/**
 * The sizes the service reads a request up to (semantics §14): a client that keeps within them is never
 * refused for size, and the simulator refuses what goes beyond them with 413.
 */

/** The largest request body the service reads, in bytes: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;
