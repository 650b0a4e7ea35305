import { EmptyState } from '../../components/EmptyState.tsx';
import type { BookMarket } from '../../components/BookMarketPicker.tsx';
import { formatDuration } from '../../format/row-times.ts';
import { marketKey } from '../../navigation/market-lists.ts';
import type { ReplayRequest, ReplayRequestProblem } from './replay-range-checks.ts';

/** Props of the panel that says why a market replay was not started. */
export interface ReplayRequestProblemPanelProps {
  request: ReplayRequest;
  problem: ReplayRequestProblem;
  /** Book markets to offer instead of an unknown one (recently viewed first). */
  offered: readonly BookMarket[];
  onChooseMarket: (market: BookMarket) => void;
  onOpenCatalog: () => void;
  /** Moves the range to the newest one of the same length, ending now. */
  onRangeToNow: () => void;
  describeTime: (ms: number) => string;
}

/**
 * Instead of a replay that would end without a single book: a market the catalog does not list
 * (offered: the catalog's book markets, or the catalog itself), or a range that starts after now
 * (offered: the same length ending now).
 */
export function ReplayRequestProblemPanel({ request, problem, offered, onChooseMarket, onOpenCatalog, onRangeToNow, describeTime }: ReplayRequestProblemPanelProps) {
  if (problem.kind === 'unknown-market') {
    return (
      <div data-testid="replay-problem" data-kind="unknown-market">
        <EmptyState icon="?" title={`${request.source} / ${request.market} is not a market of this data`}>
          <p>The link names a market the catalog does not list, so there is no book to replay. Pick one of the catalog's book markets:</p>
          {offered.length > 0 && (
            <div className="market-choice">
              {offered.map((choice) => (
                <button key={marketKey(choice.source, choice.market)} type="button" className="button" onClick={() => onChooseMarket(choice)}>
                  {choice.source} / {choice.market}
                </button>
              ))}
            </div>
          )}
          <p>
            <button type="button" className="button" onClick={onOpenCatalog}>
              Find it in the catalog
            </button>
          </p>
        </EmptyState>
      </div>
    );
  }
  const length = request.end - request.start;
  return (
    <div data-testid="replay-problem" data-kind="future-range">
      <EmptyState icon="→" title="This range is in the future">
        <p>
          It starts {describeTime(request.start)}, {formatDuration(problem.aheadMs)} from now: nothing has been collected for it yet.
        </p>
        <p>
          <button type="button" className="button primary" onClick={onRangeToNow}>
            Replay the last {formatDuration(length)} instead
          </button>
        </p>
      </EmptyState>
    </div>
  );
}
