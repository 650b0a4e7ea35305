import type { QuoteObservation } from '../../../../shared/quotes/quote-observations.ts';
import { tokenInfo, type TokenInfo } from '../../../../shared/quotes/token-amounts.ts';
import { shortHex } from '../../format/chain-values.ts';

/** The two tokens of a quote observation: decimals as its rows give them, symbols from the table of well-known tokens. */
export function observationTokens(observation: Pick<QuoteObservation, 'inputAssetId' | 'inputChainId' | 'inputDecimals' | 'outputAssetId' | 'outputChainId' | 'outputDecimals'>): { input: TokenInfo; output: TokenInfo } {
  return {
    input: tokenInfo({ assetId: observation.inputAssetId, chainId: observation.inputChainId, decimals: observation.inputDecimals }),
    output: tokenInfo({ assetId: observation.outputAssetId, chainId: observation.outputChainId, decimals: observation.outputDecimals }),
  };
}

/** A token's short name: its symbol, or its short address when no symbol is known. */
export function tokenName(token: TokenInfo): string {
  return token.symbol ?? shortHex(token.address);
}

/** A pair for lists and chips: `WETH → USDC`. */
export function pairName(observation: Parameters<typeof observationTokens>[0]): string {
  const { input, output } = observationTokens(observation);
  return `${tokenName(input)} → ${tokenName(output)}`;
}
