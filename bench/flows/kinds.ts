/** The flows measured against their floor (bench/floor-flows/, bench/flow-ratios/), in the order they run. */
export const FLOW_KINDS = ['exchange', 'payment', 'funding'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];
