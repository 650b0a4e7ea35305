import { ratio, toSignificant, type ExactRatio } from './exact-ratio.ts';
import { caipChainId, knownToken, splitAssetId } from './known-tokens.ts';
import { effectivePrice } from './quote-ladder.ts';

/** Where a fact about a token came from: the row itself, the table of well-known tokens, or nowhere. */
export type TokenFactSource = 'data' | 'table' | null;

/** What a view knows of one side's token: its symbol and decimals from the data where it carries them, else from the well-known table. */
export interface TokenInfo {
  assetId: string;
  chainId: string | null;
  address: string;
  symbol: string | null;
  decimals: number | null;
  /** Where the symbol and the decimals came from: the row itself, the table of well-known tokens, or nowhere. */
  from: { symbol: TokenFactSource; decimals: TokenFactSource };
  /** A dollar stablecoin: the side a pair's price is quoted in. */
  dollar: boolean;
}

/** A token as a row names it: its asset id, the row's chain, and the decimals and symbol when the row carries them. */
export interface TokenRef {
  assetId: string;
  chainId?: string | null;
  decimals?: number | null;
  symbol?: string | null;
}

/** Everything known of a token: the row's own decimals and symbol win; the table fills what the row leaves out. */
export function tokenInfo(ref: TokenRef): TokenInfo {
  const parts = splitAssetId(ref.assetId);
  const chainId = caipChainId(ref.chainId) ?? caipChainId(parts.chainId);
  const known = knownToken(ref.assetId, chainId);
  const dataDecimals = ref.decimals ?? null;
  const dataSymbol = ref.symbol ?? null;
  const sourceOf = (fromData: unknown): TokenFactSource => (fromData !== null ? 'data' : known !== null ? 'table' : null);
  return {
    assetId: ref.assetId,
    chainId,
    address: parts.address,
    symbol: dataSymbol ?? known?.symbol ?? null,
    decimals: dataDecimals ?? known?.decimals ?? null,
    from: { symbol: sourceOf(dataSymbol), decimals: sourceOf(dataDecimals) },
    dollar: known?.dollar ?? false,
  };
}

/** Thousands grouped in the whole part of a decimal text: `1234567.5` → `1,234,567.5`. */
export function groupThousands(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** A non-negative amount in smallest units as whole tokens, every digit kept, trailing zeros of the fraction dropped: `107144000000000000`, 18 → `0.107144`. */
export function exactUnits(units: bigint, decimals: number): string {
  if (decimals <= 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? text.slice(0, -decimals) : `${text.slice(0, -decimals)}.${fraction}`;
}

/** `n / d` rounded half up (n ≥ 0, d > 0). */
function roundedDivide(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/**
 * A non-negative amount for a column: whole tokens to `significant` digits (6), rounded half up,
 * the whole part never cut and grouped (`1,980.00`, `0.753022`, `123,456,789`). An amount exact
 * at fewer places is shown without padding zeros (`0.1`, `1,000`); one that was rounded keeps
 * the places it was rounded to. The exact figure is `exactUnits`.
 */
export function roundedUnits(units: bigint, decimals: number, significant = 6): string {
  if (units === 0n) return '0';
  const exact = exactUnits(units, decimals);
  const [whole = '0', fraction = ''] = exact.split('.');
  const leadingZeros = whole === '0' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  const places = whole === '0' ? leadingZeros + significant : Math.max(0, significant - whole.length);
  if (fraction.length <= places) return groupThousands(exact);
  const scaled = roundedDivide(units, 10n ** BigInt(decimals - places));
  const text = scaled.toString().padStart(places + 1, '0');
  return groupThousands(places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`);
}

/** The price of a pair: `price` units of `quote` for one `base`. */
export interface PairPrice {
  price: ExactRatio;
  base: TokenInfo;
  quote: TokenInfo;
}

/** One side of a swap: an amount in smallest units of a token. */
export interface SwapSide {
  units: bigint;
  token: TokenInfo;
}

/**
 * The price a swap implies, in whole tokens and exactly: quoted in the dollar side when exactly
 * one side is a dollar stablecoin (USDC per WETH whichever way the swap goes), else output per
 * input. Null when a side's decimals are not known or an amount is zero.
 */
export function impliedPrice(input: SwapSide, output: SwapSide): PairPrice | null {
  const inDecimals = input.token.decimals;
  const outDecimals = output.token.decimals;
  if (inDecimals === null || outDecimals === null || input.units === 0n || output.units === 0n) return null;
  const outPerIn = effectivePrice(input.units, inDecimals, output.units, outDecimals);
  if (outPerIn === null) return null;
  if (input.token.dollar && !output.token.dollar) {
    const inPerOut = ratio(outPerIn.den, outPerIn.num);
    return inPerOut === null ? null : { price: inPerOut, base: output.token, quote: input.token };
  }
  return { price: outPerIn, base: input.token, quote: output.token };
}

/** A price for reading: 6 significant digits, exact rounding, thousands grouped (`2,629.43`). */
export function priceText(price: ExactRatio, significant = 6): string {
  return groupThousands(toSignificant(price, significant));
}
