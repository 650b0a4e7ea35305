import { notPublished } from './market-values.ts';

/** Names of well-known EVM chains by CAIP-2 id; any other chain is shown by its id. */
const chainNames: Readonly<Record<string, string>> = {
  'eip155:1': 'Ethereum',
  'eip155:10': 'Optimism',
  'eip155:56': 'BNB Chain',
  'eip155:137': 'Polygon',
  'eip155:8453': 'Base',
  'eip155:42161': 'Arbitrum',
};

/** A chain id as a reader knows it (`eip155:42161` → `Arbitrum`); null is an em dash. */
export function chainLabel(chainId: string | null): string {
  if (chainId === null || chainId === '') return notPublished;
  return chainNames[chainId] ?? chainId;
}

/** A long hex string shortened to its head and tail (`0xc02a…6cc2`); short text is kept whole. */
export function shortHex(value: string, keep = 4): string {
  const prefix = value.startsWith('0x') ? 2 : 0;
  return value.length <= prefix + 2 * keep + 2 ? value : `${value.slice(0, prefix + keep)}…${value.slice(-keep)}`;
}

/**
 * An integer amount in smallest units with thousands grouped (`4485000000` → `4,485,000,000`),
 * exactly as written otherwise; null is an em dash. For amounts whose decimals are not known.
 */
export function groupDigits(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return notPublished;
  return /^\d+$/.test(amount) ? amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : amount;
}
