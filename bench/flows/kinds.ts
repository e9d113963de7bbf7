import { OptionError } from '../option-error.ts';

/** The flows measured against their floor (bench/floor-flows/, bench/flow-ratios/), in the order they run. */
export const FLOW_KINDS = ['exchange', 'payment', 'funding'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** `--flows exchange,funding`: which flows to measure, in the order given. */
export function flowKinds(text: string): FlowKind[] {
  const named = text.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !(FLOW_KINDS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new OptionError(`--flows takes a comma-separated list of ${FLOW_KINDS.join(', ')}; got "${text}"`);
  return [...new Set(named as FlowKind[])];
}
