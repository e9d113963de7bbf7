/**
 * The named networks: `demo`, the demo network with its autopilot counterparties (demo.ts,
 * docs/network.md); `demo-static`, the same members and assets with nothing else and nobody answering;
 * `vendor-standin`, the members a complete target profile names and nobody answering (vendor-standin.ts);
 * `empty`, no members at all.
 */
export { networkKinds, type NetworkKind } from '../../schemas/control.ts';
