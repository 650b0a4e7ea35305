import { notPublished } from '../../format/market-values.ts';
import { chainLabel, groupDigits, parseAssetId, shortHex } from './display-format.ts';

/** Props of an asset label. */
export interface AssetLabelProps {
  assetId: string | null;
  /** The chain the row names; the asset id's own chain when absent. */
  chainId?: string | null;
}

/** An asset as its chain and short address; the full asset id on hover. Null is an em dash. */
export function AssetLabel({ assetId, chainId = null }: AssetLabelProps) {
  if (assetId === null) return <span className="asset muted">{notPublished}</span>;
  const parsed = parseAssetId(assetId);
  const chain = chainId ?? parsed.chainId;
  return (
    <span className="asset" title={`${assetId}${chain === null ? '' : `\nchain ${chain}`}`}>
      <span className="asset-address">{shortHex(parsed.address)}</span>
      {chain !== null && <span className="asset-chain">{chainLabel(chain)}</span>}
    </span>
  );
}

/** Props of a raw amount. */
export interface RawAmountProps {
  amount: string | null;
}

/** An amount in the asset's smallest units, exactly as observed (thousands grouped); null is an em dash. */
export function RawAmount({ amount }: RawAmountProps) {
  return (
    <span className={amount === null ? 'raw-amount muted' : 'raw-amount'} title={amount === null ? 'Not supplied by this observation' : `${amount} (smallest units, as observed)`}>
      {groupDigits(amount)}
    </span>
  );
}
