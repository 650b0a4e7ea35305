import type { IntentSide } from '../../../../shared/intents/intent-lifecycles.ts';
import { ImpliedPrice, TokenAmount, tokenOf } from '../../components/TokenAmount.tsx';

/** One lifecycle's (or step's) amount in, amount out and implied price, as list cells. */
export function SideCells({ input, output }: { input: IntentSide; output: IntentSide }) {
  const inSide = { amount: input.amount, token: tokenOf(input.assetId, input.chainId) };
  const outSide = { amount: output.amount, token: tokenOf(output.assetId, output.chainId) };
  return (
    <>
      <span className="num mono">
        <TokenAmount {...inSide} />
      </span>
      <span className="num mono">
        <TokenAmount {...outSide} />
      </span>
      <span className="num mono">
        <ImpliedPrice input={inSide} output={outSide} />
      </span>
    </>
  );
}
