import type { BookInput } from '../../host/book/book-input.ts';
import type { ResearchTableData } from '../../host/research/research-table.ts';
import type { FeedReport, MarketFeed } from './market-feed.ts';
import type { MetricStudy } from './metric-studies.ts';
import type { MetricsRequest } from './metrics-args.ts';
import { MetricsTableWriter, type TextSink } from './metrics-table.ts';

/** What a run prints besides its rows: notes for stderr. */
export interface MetricRunResult {
  notes: string[];
}

/** The note of records a feed left out, if any. */
function otherMarketsNote(report: FeedReport): string[] {
  if (report.otherMarketRecords === 0) return [];
  return [`left out ${report.otherMarketRecords} records of other markets or instruments than ${report.source ?? '?'} ${report.market ?? '?'} (choose with --source, --market, --instrument)`];
}

/**
 * Runs one kind's study over a feed: the feed's book inputs (stream 0) and trades go to the study
 * as it needs them; rows the study has final while reading goes on are printed between the feed's
 * batches, the rest once every input is in, as CSV or JSON lines on `sink`.
 */
export async function runMetricStudy(run: MetricStudy, format: MetricsRequest['format'], feed: MarketFeed, sink: TextSink): Promise<MetricRunResult> {
  const { study, drain } = run;
  let writer: MetricsTableWriter | null = null;
  let rows = 0;
  const print = async (table: ResearchTableData): Promise<MetricsTableWriter> => {
    writer ??= new MetricsTableWriter(format, table.columns.map((column) => column.name), sink);
    await writer.write(table.columns, table.rows);
    rows += table.rows;
    return writer;
  };
  const report = await feed.read({
    ...(study.needs.books ? { book: (input: BookInput) => study.book(0, input) } : {}),
    ...(study.needs.trades ? { trade: study.trade.bind(study) } : {}),
    ...(drain === undefined ? {} : { flush: async () => (await print(drain())).flush() }),
  });
  const { table, notes } = run.finish();
  await (await print(table)).end();
  return { notes: [...notes(rows), ...otherMarketsNote(report)] };
}
