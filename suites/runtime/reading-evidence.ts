import { MAX_AMOUNT_SCALE, referenceReadings, type DeclaredReadings } from '../../protocol/readings.ts';
import { patterns } from '../../schemas/spec-types.ts';

/**
 * What the target's own answers show of two open points a profile may declare (docs/readings.md,
 * "Detected readings"), and what follows: the reading the run follows when the profile leaves the key
 * out, or the one line that stops the run when the profile declared a reading the target shows is not
 * its own. Pure rules over what reading-detection.ts read; every observation carries the call that
 * showed it, which becomes the report's line.
 */

/** An amount text the target wrote (a balanceInfo's `balance`), with the call and answer that showed it. */
export interface AmountSeen {
  text: string;
  shown_by: string;
}

/** A credit line a member holds for another member's DSO, as a listing of one of its accounts showed it. */
export interface DsoLineSeen {
  /** The holder's account that lists it: `emission` (its issuance account) or an operating account. */
  account: string;
  shown_by: string;
}

/** The amount texts of a balanceInfo, or of a listing of them (balances, obligations' totals), each with `shownBy` its text. */
export function amountsIn(body: unknown, shownBy: (text: string) => string): AmountSeen[] {
  const entries = Array.isArray(body) ? body : [body];
  return entries.flatMap((entry) => {
    const text = typeof entry === 'object' && entry !== null ? (entry as { balance?: unknown }).balance : undefined;
    return typeof text === 'string' ? [{ text, shown_by: shownBy(quoted(text)) }] : [];
  });
}

/** An asset a listing of settlementInstrumentInfo names. */
export interface ListedAsset {
  code: string;
  dso: boolean;
  issuer: string | undefined;
}

const assetCode = new RegExp(patterns.assetCode);
const dsoCode = new RegExp(patterns.dsoCode);

/**
 * The assets a listing names. An entry's code is whichever of the two fields holds one (the spec's
 * descriptions of asset code and group are crossed, line 67), never the group word DSO or DSA.
 */
export function listedAssets(body: unknown): ListedAsset[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { asset_code_identification, asset_group_identification, asset_issuer_identification } = entry as Record<
      string,
      unknown
    >;
    const code = [asset_code_identification, asset_group_identification].find(
      (value): value is string =>
        typeof value === 'string' && assetCode.test(value) && value !== 'DSO' && value !== 'DSA',
    );
    if (code === undefined) return [];
    const issuer =
      typeof asset_issuer_identification === 'string' && asset_issuer_identification.length > 0
        ? asset_issuer_identification
        : undefined;
    return [{ code, dso: dsoCode.test(code), issuer }];
  });
}

/**
 * The lines for other members' DSOs a listing of `account` shows: DSOs whose issuer is named and is not
 * `holder` (a member's own DSO is no line it holds; `holder` undefined when the caller is not known).
 */
export function dsoLinesIn(
  assets: readonly ListedAsset[],
  account: string,
  holder: string | undefined,
  shownBy: (asset: string) => string,
): DsoLineSeen[] {
  return assets
    .filter((asset) => asset.dso && asset.issuer !== undefined && asset.issuer !== holder)
    .map((asset) => ({ account, shown_by: shownBy(`${named(asset.code)} of ${named(asset.issuer!)}`) }));
}

/** A text the target wrote, quoted, short and without control characters: safe on one line of a terminal or a report. */
export function quoted(text: string): string {
  const short = text.length > 48 ? `${text.slice(0, 48)}…` : text;
  return JSON.stringify(short).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** An identifier the target or the profile gives, as is when it is a plain one, else quoted. */
export function named(text: string): string {
  return /^[A-Za-z0-9._-]{1,48}$/.test(text) ? text : quoted(text);
}

/** What the rules make of one key: the reading detected, the problem that stops the run, or nothing shown. */
export type ReadingFound<K extends keyof DeclaredReadings> =
  { value: DeclaredReadings[K]; shown_by: string } | { problem: string } | null;

const DECIMAL_TEXT = /^-?\d+(?:\.(\d+))?$/;

export interface ScaleShown {
  /** The most fraction digits an amount needs (up to its last non-zero digit): the ledger keeps at least these. */
  least: number;
  least_by: AmountSeen | null;
  /**
   * The width every amount is written with, when all have one and some amount is padded to it with zeros
   * ("0.00", "250.500"): a fixed-width rendering, which writes what the ledger keeps. Null when the widths
   * differ or nothing is padded ("250", "12.5": trimmed or not, a round amount cannot tell).
   */
  fixed: { digits: number; by: AmountSeen } | null;
}

export function scaleShown(amounts: readonly AmountSeen[]): ScaleShown {
  let least = 0;
  let least_by: AmountSeen | null = null;
  const widths = new Set<number>();
  let padded: AmountSeen | null = null;
  for (const amount of amounts) {
    const match = DECIMAL_TEXT.exec(amount.text);
    if (!match) continue;
    const fraction = match[1] ?? '';
    const needed = fraction.replace(/0+$/, '').length;
    widths.add(fraction.length);
    if (needed > least) [least, least_by] = [needed, amount];
    if (needed < fraction.length) padded ??= amount;
  }
  const [width] = widths;
  return {
    least,
    least_by,
    fixed: widths.size === 1 && padded !== null && width !== undefined ? { digits: width, by: padded } : null,
  };
}

/**
 * `amount_scale` from the amounts the target wrote. Declared: stopped only by proof that the ledger
 * keeps more digits (a non-zero digit beyond the declared ones); a rendering padded to another width is
 * no proof (a ledger of 2 digits may write 7, as the reference does). Not declared: a fixed-width
 * rendering is the scale; digits beyond the reference's 7 in a rendering that shows no width stop the
 * run, since no scale can be followed from them.
 */
export function amountScaleFound(shown: ScaleShown, declared: number | undefined): ReadingFound<'amount_scale'> {
  const digit = () => `${shown.least_by!.shown_by}: a digit in the ${ordinal(shown.least)} fraction place`;
  if (declared !== undefined) {
    if (shown.least <= declared) return null;
    return {
      problem: `readings.amount_scale: declared ${declared}, but ${digit()}, so the ledger keeps at least ${shown.least} fraction digits; declare ${shown.least} or more, or leave the key out`,
    };
  }
  if (shown.fixed) {
    if (shown.fixed.digits > MAX_AMOUNT_SCALE)
      return {
        problem: `readings.amount_scale: ${shown.fixed.by.shown_by}: every amount is written with ${shown.fixed.digits} fraction digits, more than the ${MAX_AMOUNT_SCALE} the kit can send and judge`,
      };
    return { value: shown.fixed.digits, shown_by: shown.fixed.by.shown_by };
  }
  if (shown.least > referenceReadings.amount_scale) {
    return {
      problem: `readings.amount_scale: not declared, and ${digit()}, beyond the reference's ${referenceReadings.amount_scale}, in amounts written without the fixed width that would show how many the ledger keeps: declare it`,
    };
  }
  return null;
}

/**
 * Where members' lines for other members' DSOs are listed: on issuance accounts only (`emission`) or on
 * operating accounts only (`operating`); lines on both kinds, or none, show no reading.
 */
export function dsoLineAccountShown(
  lines: readonly DsoLineSeen[],
): { value: DeclaredReadings['dso_line_account']; shown_by: string } | null {
  const onEmission = lines.find((line) => line.account === 'emission');
  const onOperating = lines.find((line) => line.account !== 'emission');
  if (onEmission && onOperating) return null;
  if (onEmission) return { value: 'emission', shown_by: onEmission.shown_by };
  return onOperating ? { value: 'operating', shown_by: onOperating.shown_by } : null;
}

/** What a listing of the other kind of account would have shown, for the message. */
export function noLineOn(value: DeclaredReadings['dso_line_account']): string {
  return value === 'emission' ? 'no operating account lists one' : 'no issuance account (emission) lists one';
}

/**
 * `dso_line_account` from the listings (dsoLineAccountShown). A declared reading they show the other
 * one of stops the run: those lines were taken where the target lists them.
 */
export function dsoLineAccountFound(
  lines: readonly DsoLineSeen[],
  declared: DeclaredReadings['dso_line_account'] | undefined,
): ReadingFound<'dso_line_account'> {
  const shown = dsoLineAccountShown(lines);
  if (shown === null || declared === undefined) return shown;
  if (declared === shown.value) return null;
  return {
    problem: `readings.dso_line_account: declared ${declared}, but ${shown.shown_by}, and ${noLineOn(shown.value)}: declare ${shown.value}, or leave the key out`,
  };
}

export function ordinal(place: number): string {
  const suffix =
    place % 100 >= 11 && place % 100 <= 13
      ? 'th'
      : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[place % 10] ?? 'th');
  return `${place}${suffix}`;
}
