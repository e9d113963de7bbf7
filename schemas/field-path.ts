/**
 * A field path says where in a resource a value sits: property names joined by `.`, with `[]` after the
 * name of a list to go into each of its elements. `payment_point_address[].city_name` is the city of
 * every address of a payment point, `payment_point_currency[]` each of its currencies. The catalogue
 * states with one what a query filter looks in (EndpointParam.filterField), and both halves read it here.
 */

/** A resource's values at one path: every string found there, in document order. */
export type FieldReader = (resource: unknown) => string[];

interface Step {
  name: string;
  /** Whether the step goes into each element of the list it names. */
  list: boolean;
}

/**
 * The reader of one path, parsed once: a directory reads the same paths of many resources. A missing
 * field gives no value, and so does a value of another shape than the path says (a string where it
 * expects a list, a number at its end): the reader never throws, whatever a body holds.
 */
export function fieldReader(path: string): FieldReader {
  const steps: Step[] = path
    .split('.')
    .map((step) => (step.endsWith('[]') ? { name: step.slice(0, -2), list: true } : { name: step, list: false }));
  return (resource) => {
    let found: unknown[] = [resource];
    for (const { name, list } of steps) found = found.flatMap((holder) => stepInto(holder, name, list));
    return found.filter((value): value is string => typeof value === 'string');
  };
}

function stepInto(holder: unknown, name: string, list: boolean): unknown[] {
  if (holder === null || typeof holder !== 'object' || Array.isArray(holder) || !Object.hasOwn(holder, name)) return [];
  const value = (holder as Record<string, unknown>)[name];
  if (!list) return [value];
  return Array.isArray(value) ? value : [];
}
