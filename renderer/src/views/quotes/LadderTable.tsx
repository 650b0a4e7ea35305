import { sizeSideOf, type LadderPoint } from '../../../../shared/quotes/quote-ladder.ts';
import type { QuoteObservation } from '../../../../shared/quotes/quote-observations.ts';
import { TokenLabel } from '../../components/TokenAmount.tsx';
import { observationTokens, tokenName } from './quote-tokens.ts';
import { alignedUnits, impactBarFractions, impactText, inversePriceText, priceText } from './ladder-display.ts';

/** Props of a quote ladder table. */
export interface LadderTableProps {
  observation: QuoteObservation;
  ladder: readonly LadderPoint[];
  /** The size the impact chart follows; its row is marked. */
  chosenSize: bigint | null;
  onChooseSize: (size: bigint) => void;
}

function amountText(aligned: string | null | undefined, raw: string): string {
  return aligned === null || aligned === undefined ? `${raw} (unreadable)` : aligned;
}

/**
 * One observation's ladder, smallest size first: amount in and out with token decimals applied
 * exactly, the effective price (out per in, and its inverse) to 8 significant digits, and the
 * impact against the smallest size in bps with a bar. Clicking a row charts that size over time.
 */
export function LadderTable({ observation, ladder, chosenSize, onChooseSize }: LadderTableProps) {
  const bySize = sizeSideOf(observation.amountKind);
  const bars = impactBarFractions(ladder.map((point) => point.impactBps));
  // The points of one observation share its tokens, so a column shares its decimals.
  const amountsIn = alignedUnits(ladder.map((point) => point.amountIn), observation.inputDecimals);
  const amountsOut = alignedUnits(ladder.map((point) => point.amountOut), observation.outputDecimals);
  const { input, output } = observationTokens(observation);
  const [inName, outName] = [tokenName(input), tokenName(output)];
  return (
    <div className="ladder">
      <div className="ladder-pair">
        <span className="muted">{bySize === 'input' ? 'Sell' : 'Pay with'}</span>
        <TokenLabel token={input} />
        <span className="muted">({observation.inputDecimals} dp) for</span>
        <TokenLabel token={output} />
        <span className="muted">({observation.outputDecimals} dp)</span>
        <span className="ladder-kind mono" title="amount_kind: which side is the fixed size">
          {observation.amountKind}
        </span>
      </div>
      <table className="data-table quote-ladder-table">
        <thead>
          <tr>
            <th className="num">#</th>
            <th className="num">
              {bySize === 'input' ? 'Size in' : 'Amount in'} <span className="head-unit">{inName}</span>
            </th>
            <th className="num">
              {bySize === 'output' ? 'Size out' : 'Amount out'} <span className="head-unit">{outName}</span>
            </th>
            <th className="num" title={`${outName} per ${inName}: output per input, decimals applied, 8 significant digits (exact)`}>
              Price <span className="head-unit">{`${outName}/${inName}`}</span>
            </th>
            <th className="num" title={`${inName} per ${outName}: input per output, decimals applied, 8 significant digits (exact)`}>
              Price <span className="head-unit">{`${inName}/${outName}`}</span>
            </th>
            <th className="num" title="(price at the smallest size − price) / price at the smallest size, in basis points">
              Impact bps
            </th>
            <th className="impact-bar-head" />
          </tr>
        </thead>
        <tbody>
          {ladder.map((point, index) => {
            const bar = bars[index] ?? null;
            const chosen = point.size !== null && point.size === chosenSize;
            const negative = point.impactBps !== null && point.impactBps.num < 0n;
            return (
              <tr
                key={point.row.event_id}
                className={chosen ? 'selected' : undefined}
                onClick={() => point.size !== null && onChooseSize(point.size)}
                title={point.size === null ? undefined : 'Chart the impact of this size over time'}
                data-testid="ladder-row"
              >
                <td className="num mono muted">{index + 1}</td>
                <td className={`num mono${bySize === 'input' ? ' size-cell' : ''}`} title={`${amountsIn[index] ?? point.row.input_amount} ${inName}\n= ${point.row.input_amount} smallest units (${observation.inputDecimals} decimals)`}>
                  {amountText(amountsIn[index], point.row.input_amount)}
                </td>
                <td className={`num mono${bySize === 'output' ? ' size-cell' : ''}`} title={`${amountsOut[index] ?? point.row.output_amount} ${outName}\n= ${point.row.output_amount} smallest units (${observation.outputDecimals} decimals)`}>
                  {amountText(amountsOut[index], point.row.output_amount)}
                </td>
                <td className="num mono">{priceText(point.price)}</td>
                <td className="num mono muted">{inversePriceText(point.price)}</td>
                <td className={`num mono${negative ? ' impact-better' : ''}`}>{impactText(point.impactBps)}</td>
                <td className="impact-bar-cell">
                  {bar !== null && <span className={`impact-bar${negative ? ' impact-better' : ''}`} style={{ width: `${Math.max(bar * 100, bar > 0 ? 1 : 0)}%` }} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
