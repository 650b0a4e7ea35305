import type { QuoteObservation } from '../../../../shared/quotes/quote-observations.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { HexValue } from './HexValue.tsx';

/** Props of an observation's facts. */
export interface ObservationFactsProps {
  observation: QuoteObservation;
  zone: TimeZoneChoice;
}

/** Where a quote observation was sampled: times, block, transaction, router, pool and oracle (null → "—"). */
export function ObservationFacts({ observation, zone }: ObservationFactsProps) {
  return (
    <dl className="observation-facts">
      <div>
        <dt>Collected</dt>
        <dd className="mono">{formatTimestamp(observation.collectorTime, zone, 'ms')}</dd>
      </div>
      <div>
        <dt title="exchange_timestamp: the venue's time">Venue time</dt>
        <dd className="mono">{formatTimestamp(observation.exchangeTime, zone, 'ms')}</dd>
      </div>
      <div>
        <dt>Block</dt>
        <dd className="mono">{observation.blockNumber.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Block hash</dt>
        <dd>
          <HexValue value={observation.blockHash} label="block hash" />
        </dd>
      </div>
      <div>
        <dt>Transaction</dt>
        <dd>
          <HexValue value={observation.transactionHash} label="transaction hash" />
        </dd>
      </div>
      <div>
        <dt>Tx index</dt>
        <dd className="mono">{observation.transactionIndex}</dd>
      </div>
      <div>
        <dt>Router</dt>
        <dd>
          <HexValue value={observation.router} label="router address" />
        </dd>
      </div>
      <div>
        <dt>Pool</dt>
        <dd>
          <HexValue value={observation.pool} label="pool address" />
        </dd>
      </div>
      <div>
        <dt>Oracle</dt>
        <dd>
          <HexValue value={observation.oracle} label="oracle address" />
        </dd>
      </div>
      <div>
        <dt title="observation_id">Obs. id</dt>
        <dd>
          <HexValue value={observation.observationId} label="observation id" />
        </dd>
      </div>
    </dl>
  );
}
