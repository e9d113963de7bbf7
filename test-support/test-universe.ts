import { LedgerModel, type InitialLedger, type LineModel } from '../suites/invariants/model.ts';
import { wholeUnits } from '../suites/runtime/money.ts';
import {
  buildUniverse,
  dsaHolding,
  dsoHolding,
  type Holding,
  type MakerRole,
  type Universe,
} from '../suites/invariants/universe.ts';

/** The universe of the model's own tests: tokenizer `tkn` with USD, makers with `main` and `second`. */
export const universe = buildUniverse({
  tokenizer: 'tkn',
  dsaCode: 'USD',
  makers: {
    mmA: { identification: 'maker-a', accounts: ['main', 'second', 'third'] },
    mmB: { identification: 'maker-b', accounts: ['main'] },
  },
});

/** The same with the tokenizer's second DSA, EUR, the exchanges' quoted asset, and two accounts for mmB. */
export const exchangeUniverse = buildUniverse({
  tokenizer: 'tkn',
  dsaCode: 'USD',
  quotedDsaCode: 'EUR',
  makers: {
    mmA: { identification: 'maker-a', accounts: ['main', 'second'] },
    mmB: { identification: 'maker-b', accounts: ['main', 'second'] },
  },
});

export function dsa(holder: MakerRole, account: string, of: Universe = universe, quoted = false): Holding {
  const holding = dsaHolding(of, holder, account, quoted ? of.quotedDsa : of.dsa);
  if (!holding) throw new Error(`no DSA holding ${holder}/${account} in the test universe`);
  return holding;
}

export const aMain = dsa('mmA', 'main');
export const aSecond = dsa('mmA', 'second');
export const bMain = dsa('mmB', 'main');
/** mmA holds mmB's DSO on its emission account, and mmB holds mmA's on its own. */
export const aDso = dsoHolding(universe, 'mmA');
export const bDso = dsoHolding(universe, 'mmB');

export function line(state: LineModel['state'], ceilingWhole?: number): LineModel {
  return { state, ceiling: ceilingWhole === undefined ? null : wholeUnits(ceilingWhole) };
}

/** A model of `of` (default: `universe`) from whole-unit balances and lines by holding. */
export function modelOf(
  setup: {
    balances?: [Holding, bigint][];
    lines?: [Holding, LineModel][];
    allowlist?: string[];
    issued?: MakerRole[];
  } = {},
  of: Universe = universe,
): LedgerModel {
  const initial: InitialLedger = {
    balances: new Map((setup.balances ?? []).map(([holding, units]) => [holding.key, units])),
    lines: new Map((setup.lines ?? []).map(([holding, model]) => [holding.key, model])),
    allowlist: setup.allowlist ?? [],
    issued: setup.issued ?? [],
  };
  return new LedgerModel(of, initial);
}
