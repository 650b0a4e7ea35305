import { unitsOf } from '../../../shared/quotes/quote-ladder.ts';
import { toSignificant } from '../../../shared/quotes/exact-ratio.ts';
import { exactUnits, groupThousands, impliedPrice, priceText, roundedUnits, tokenInfo, type TokenFactSource, type TokenInfo, type TokenRef } from '../../../shared/quotes/token-amounts.ts';
import { notPublished } from '../format/market-values.ts';
import { chainLabel, groupDigits, shortHex } from '../format/chain-values.ts';
import './token-amount.css';

/** What a row names of a token, or null when it names none. */
export function tokenOf(assetId: string | null | undefined, chainId: string | null | undefined, decimals?: number | null): TokenInfo | null {
  if (assetId === null || assetId === undefined || assetId === '') return null;
  const ref: TokenRef = { assetId, chainId: chainId ?? null, ...(decimals === undefined ? {} : { decimals }) };
  return tokenInfo(ref);
}

/** Where a fact about a token came from, for the hover text. */
function provenance(source: TokenFactSource): string {
  if (source === 'data') return 'as the data gives it';
  if (source === 'table') return 'from the table of well-known tokens';
  return 'not in the data nor in the table of well-known tokens';
}

/** The hover text that identifies a token: symbol, asset id, chain, and where its symbol and decimals came from. */
export function tokenTitle(token: TokenInfo): string {
  const symbol = token.symbol === null ? 'symbol not known' : `symbol ${token.symbol} ${provenance(token.from.symbol)}`;
  const decimals = token.decimals === null ? 'decimals not known' : `${token.decimals} decimals ${provenance(token.from.decimals)}`;
  return `${token.assetId}${token.chainId === null ? '' : ` · chain ${chainLabel(token.chainId)}`}\n${symbol}; ${decimals}`;
}

/** A token as a reader knows it: its symbol (or short address when none is known) and its chain. */
export function TokenLabel({ token }: { token: TokenInfo | null }) {
  if (token === null) return <span className="asset muted">{notPublished}</span>;
  return (
    <span className="asset" title={tokenTitle(token)}>
      {token.symbol === null ? <span className="asset-address">{shortHex(token.address)}</span> : <span className="asset-symbol">{token.symbol}</span>}
      {token.chainId !== null && <span className="asset-chain">{chainLabel(token.chainId)}</span>}
    </span>
  );
}

/**
 * An amount of a token for reading: whole tokens to 6 significant digits with its symbol and
 * chain; the exact amount, the smallest units and the token on hover. With decimals not known:
 * the smallest units as observed, with the short address. Null is an em dash.
 */
export function TokenAmount({ amount, token }: { amount: string | null | undefined; token: TokenInfo | null }) {
  if (amount === null || amount === undefined || amount === '') return <span className="token-amount muted">{notPublished}</span>;
  const units = unitsOf(amount);
  const decimals = token?.decimals ?? null;
  const identity = token === null ? 'no asset named' : tokenTitle(token);
  if (units === null || decimals === null) {
    return (
      <span className="token-amount raw" title={`${amount} smallest units, as observed (${decimals === null ? 'decimals not known' : 'not an integer amount'})\n${identity}`}>
        <span className="amount">{groupDigits(amount)}</span> <TokenLabel token={token} />
      </span>
    );
  }
  const exact = groupThousands(exactUnits(units, decimals));
  const shown = roundedUnits(units, decimals);
  return (
    <span className="token-amount" title={`${exact} ${token?.symbol ?? ''}\n= ${amount} smallest units (${decimals} decimals)\n${identity}`} data-exact={exactUnits(units, decimals)}>
      <span className={shown === exact ? 'amount' : 'amount rounded'}>{shown}</span> <TokenLabel token={token} />
    </span>
  );
}

/** The price a swap implies, in whole tokens, quoted in the dollar side (`2,629.43 USDC/WETH`); exact to 18 digits on hover; an em dash when it cannot be worked out. */
export function ImpliedPrice({ input, output }: { input: { amount: string | null | undefined; token: TokenInfo | null }; output: { amount: string | null | undefined; token: TokenInfo | null } }) {
  const inUnits = input.amount === null || input.amount === undefined ? null : unitsOf(input.amount);
  const outUnits = output.amount === null || output.amount === undefined ? null : unitsOf(output.amount);
  const pair = inUnits === null || outUnits === null || input.token === null || output.token === null ? null : impliedPrice({ units: inUnits, token: input.token }, { units: outUnits, token: output.token });
  if (pair === null) {
    return (
      <span className="implied-price muted" title="No price: an amount is missing, or a token's decimals are not known">
        {notPublished}
      </span>
    );
  }
  const quote = pair.quote.symbol ?? shortHex(pair.quote.address);
  const base = pair.base.symbol ?? shortHex(pair.base.address);
  return (
    <span className="implied-price" title={`${groupThousands(toSignificant(pair.price, 18))} ${quote} per ${base} (from the amounts in and out, exact to 18 digits)`}>
      <span className="amount">{priceText(pair.price)}</span> <span className="price-unit">{`${quote}/${base}`}</span>
    </span>
  );
}
