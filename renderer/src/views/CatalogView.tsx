import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import type { Health } from '../../../shared/contract/channels.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { CatalogMarkets } from '../../../shared/contract/service-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorPanel, type ShownError } from '../components/ErrorPanel.tsx';
import { FactList } from '../components/FactList.tsx';
import { ViewFrame } from '../components/ViewFrame.tsx';
import { useApi } from '../connection-context.ts';
import { formatCoverage, formatTerm } from '../format/coverage.ts';
import { useCheckHealth, useSelectedSource } from '../hooks/contract-queries.ts';
import { useNow } from '../hooks/use-now.ts';

const categories = ['All', 'Futures', 'Spot', 'Options', 'Intents', 'DEX'] as const;

function marketId(market: CatalogMarket): string {
  return `${market.source}/${market.market}`;
}

/** A data source that did not pass its health check, as the error the catalog cannot get past. */
function healthError(health: Health): ShownError {
  return {
    kind: health.message.startsWith('Unreachable') ? 'network' : 'unavailable',
    message: health.message,
    resolution: 'Check that the service is running and that the base URL in Settings is right, then retry.',
    retryAfterMs: null,
  };
}

/** The catalog: every market of the data source, searchable, with coverage, access and terms. */
export function CatalogView() {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const now = useNow(30_000);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<(typeof categories)[number]>('All');
  const [selected, setSelected] = useState<string | null>(null);
  const q = useDeferredValue(query.trim());
  const check = useCheckHealth();
  const catalog = useQuery<CatalogMarkets, ContractError>({
    queryKey: ['catalog.markets', source],
    queryFn: () => api.catalog.markets(),
    enabled: health?.status === 'ok',
    staleTime: 60_000,
    // The main process has already retried what is worth retrying; the error panel offers the rest.
    retry: false,
  });
  const unhealthy = health !== undefined && (health.status === 'down' || health.status === 'degraded') ? health : null;
  const visible = useMemo(() => {
    const needle = q.toLowerCase();
    return (catalog.data?.markets ?? []).filter(
      (m) =>
        (category === 'All' || m.categories.includes(category)) &&
        (needle === '' || [m.source, m.market, m.symbol, ...m.categories].some((field) => field.toLowerCase().includes(needle))),
    );
  }, [catalog.data, q, category]);
  const current = visible.find((m) => marketId(m) === selected) ?? visible[0];
  const sources = new Set(visible.map((m) => m.source)).size;

  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>): void => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const index = current === undefined ? -1 : visible.indexOf(current);
    const next = visible[Math.min(visible.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (next !== undefined) setSelected(marketId(next));
    event.preventDefault();
  };

  return (
    <ViewFrame
      title="Catalog"
      subtitle={catalog.data === undefined ? 'Find a source and market' : `${visible.length} ${visible.length === 1 ? 'market' : 'markets'} · ${sources} ${sources === 1 ? 'source' : 'sources'}${catalog.data.simulated ? ' · simulated' : ''}`}
      actions={
        <input
          className="search"
          type="search"
          placeholder="Search source, market, symbol…  (/)"
          aria-label="Search the catalog"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          data-shortcut="/"
        />
      }
    >
      <div className="chip-row" role="radiogroup" aria-label="Category">
        {categories.map((name) => (
          <button key={name} type="button" role="radio" aria-checked={category === name} className={category === name ? 'chip active' : 'chip'} onClick={() => setCategory(name)}>
            {name}
          </button>
        ))}
      </div>
      {catalog.data?.warnings.map((warning) => (
        <p key={warning} className="catalog-warning" role="status">
          {warning}
        </p>
      ))}
      {catalog.isError ? (
        <ErrorPanel context="The catalog could not be loaded." error={catalog.error} failedAt={catalog.errorUpdatedAt} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
      ) : unhealthy !== null && catalog.data === undefined ? (
        <ErrorPanel context="The catalog needs a healthy data source." error={healthError(unhealthy)} failedAt={unhealthy.checkedAt} onRetry={() => check.mutate()} retrying={check.isPending} />
      ) : catalog.data?.markets.length === 0 ? (
        <EmptyState icon="▦" title="The data source lists no markets">
          <p>Its catalog is empty. Choose another data source in Settings, or try again later.</p>
        </EmptyState>
      ) : (
        <div className="split">
          <div className="panel table-panel">
            <table className="data-table" aria-label="Markets">
              <thead>
                <tr>
                  <th>Source</th>
                  <th>Market</th>
                  <th>Symbol</th>
                  <th>Categories</th>
                  <th>Coverage (UTC)</th>
                  <th>Access</th>
                  <th className="num">Tick</th>
                  <th className="num">Lot</th>
                </tr>
              </thead>
              <tbody tabIndex={0} onKeyDown={onKeyDown} aria-label="Markets; arrow keys move the selection">
                {catalog.isPending && (
                  <tr>
                    <td colSpan={8} className="muted">
                      Loading the catalog…
                    </td>
                  </tr>
                )}
                {catalog.data !== undefined && visible.length === 0 && (
                  <tr>
                    <td colSpan={8} className="muted">
                      No market matches {q === '' ? `the ${category} category` : `“${q}”${category === 'All' ? '' : ` in ${category}`}`}.
                    </td>
                  </tr>
                )}
                {visible.map((m) => (
                  <tr key={marketId(m)} className={current !== undefined && marketId(m) === marketId(current) ? 'selected' : ''} onClick={() => setSelected(marketId(m))}>
                    <td>{m.source}</td>
                    <td className="mono">{m.market}</td>
                    <td className="mono">{m.symbol}</td>
                    <td>{m.categories.join(', ')}</td>
                    <td className="mono">{formatCoverage(m.start, m.end, now)}</td>
                    <td>
                      <span className={`access access-${m.access.status}`}>{m.access.status}</span>
                    </td>
                    <td className="num mono">{formatTerm(m.instrument.tick_size)}</td>
                    <td className="num mono">{formatTerm(m.instrument.lot_size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {current !== undefined && <MarketDetail market={current} />}
        </div>
      )}
    </ViewFrame>
  );
}

function MarketDetail({ market }: { market: CatalogMarket }) {
  const facts: [string, string][] = [
    ['Source', market.source],
    ['Market', market.market],
    ['Symbol', market.symbol],
    ['Type', market.source_type],
    ['Base / quote', `${formatTerm(market.instrument.base)} / ${formatTerm(market.instrument.quote)}`],
    ['Tick size', formatTerm(market.instrument.tick_size)],
    ['Lot size', formatTerm(market.instrument.lot_size)],
    ['Min notional', formatTerm(market.instrument.min_notional)],
    ['Coverage from', market.start],
    ['Coverage to', market.end],
    ['Access', market.access.status],
    ['Public until', market.access.public_cutoff_date ?? 'all dates'],
  ];
  return (
    <aside className="panel detail-panel" aria-label={`${market.source} ${market.market}`}>
      <header className="panel-header">
        {market.source} · {market.market}
      </header>
      <FactList facts={facts} />
    </aside>
  );
}
