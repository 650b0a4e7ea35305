import { useState } from 'react';
import { ContractError } from '../../../../shared/contract/errors.ts';
import type { ResearchTable } from '../../../../shared/contract/research-schemas.ts';
import { useApi } from '../../transport/connection-context.ts';

/** A table a panel offers to export. */
export interface ExportChoice {
  table: ResearchTable;
  label: string;
}

/** Props of a panel's export control. */
export interface ExportButtonsProps {
  resultId: string;
  tables: readonly ExportChoice[];
}

type ExportState = { kind: 'idle' } | { kind: 'writing' } | { kind: 'done'; path: string; rows: number } | { kind: 'failed'; message: string };

/**
 * Exports one of a panel's tables as CSV or Parquet (main writes it under the library's
 * `exports/`, landed atomically), then says where it landed, or why it could not.
 */
export function ExportButtons({ resultId, tables }: ExportButtonsProps) {
  const api = useApi();
  const [table, setTable] = useState<ResearchTable>(tables[0]?.table ?? 'depth');
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const write = (format: 'csv' | 'parquet'): void => {
    setState({ kind: 'writing' });
    api.research.export({ resultId, table, format }).then(
      (done) => setState({ kind: 'done', path: done.path, rows: done.rows }),
      (error: unknown) => setState({ kind: 'failed', message: error instanceof ContractError ? `${error.message}. ${error.resolution}` : String(error) }),
    );
  };
  return (
    <span className="research-export" data-testid="research-export" data-state={state.kind}>
      {tables.length > 1 ? (
        <select aria-label="Table to export" value={table} onChange={(event) => setTable(tables.find((choice) => choice.table === event.target.value)?.table ?? table)}>
          {tables.map((choice) => (
            <option key={choice.table} value={choice.table}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <span className="muted">{tables[0]?.label}</span>
      )}
      <button type="button" className="button compact" disabled={state.kind === 'writing'} onClick={() => write('csv')} title="Write this table as CSV under the library's exports folder">
        CSV
      </button>
      <button type="button" className="button compact" disabled={state.kind === 'writing'} onClick={() => write('parquet')} title="Write this table as Parquet under the library's exports folder">
        Parquet
      </button>
      {state.kind === 'done' && (
        <span className="research-export-note" title={state.path}>
          {state.rows.toLocaleString('en-US')} rows → {state.path}
        </span>
      )}
      {state.kind === 'failed' && (
        <span className="research-export-note error-text" role="alert">
          {state.message}
        </span>
      )}
    </span>
  );
}
