/** A token this app knows by chain and address: its symbol, its decimals, and whether it is a dollar stablecoin (the side a price is quoted in). */
export interface KnownToken {
  /** CAIP-2 chain id, `eip155:1`. */
  chainId: string;
  /** Contract address, lower case. */
  address: string;
  symbol: string;
  decimals: number;
  dollar: boolean;
}

/**
 * The well-known tokens (README, "Token amounts"): used only where the data names a token
 * without its symbol or decimals (intent rows carry neither; quote rows carry decimals). A
 * token not listed is shown in smallest units with its address, never guessed at.
 */
export const knownTokens: readonly KnownToken[] = [
  { chainId: 'eip155:1', address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', symbol: 'WETH', decimals: 18, dollar: false },
  { chainId: 'eip155:1', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', decimals: 6, dollar: true },
  { chainId: 'eip155:1', address: '0xdac17f958d2ee523a2206206994597c13d831ec7', symbol: 'USDT', decimals: 6, dollar: true },
  { chainId: 'eip155:1', address: '0x6b175474e89094c44da98b954eedeac495271d0f', symbol: 'DAI', decimals: 18, dollar: true },
  { chainId: 'eip155:1', address: '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', symbol: 'WBTC', decimals: 8, dollar: false },
  { chainId: 'eip155:42161', address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', symbol: 'USDC', decimals: 6, dollar: true },
  { chainId: 'eip155:42161', address: '0x82af49447d8a07e3bd95bd0d56f35241523fbab1', symbol: 'WETH', decimals: 18, dollar: false },
  { chainId: 'eip155:8453', address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', symbol: 'USDC', decimals: 6, dollar: true },
  { chainId: 'eip155:8453', address: '0x4200000000000000000000000000000000000006', symbol: 'WETH', decimals: 18, dollar: false },
];

/** A chain id in CAIP-2 form: `1` → `eip155:1`; a CAIP-2 id as it is; null or empty → null. */
export function caipChainId(chainId: string | null | undefined): string | null {
  if (chainId === null || chainId === undefined || chainId === '') return null;
  return /^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId;
}

/** An asset id split into its chain and address: CAIP-19 (`eip155:1/erc20:0xabc…`) or a bare address. */
export function splitAssetId(assetId: string): { chainId: string | null; address: string } {
  const slash = assetId.indexOf('/');
  if (slash < 0) return { chainId: null, address: assetId };
  const reference = assetId.slice(slash + 1);
  const colon = reference.lastIndexOf(':');
  return { chainId: assetId.slice(0, slash), address: colon < 0 ? reference : reference.slice(colon + 1) };
}

/** The well-known token an asset id names, on the chain the row (or the id itself) gives; null when it is not in the table. */
export function knownToken(assetId: string, chainId: string | null): KnownToken | null {
  const parts = splitAssetId(assetId);
  const chain = caipChainId(chainId) ?? caipChainId(parts.chainId);
  const address = parts.address.toLowerCase();
  if (chain === null) return null;
  return knownTokens.find((token) => token.chainId === chain && token.address === address) ?? null;
}
