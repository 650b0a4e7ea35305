import type { LadderQuote, QuoteLadderValues } from '../../../shared/snapshot/records.ts';
import { LineProblem, countField, isJsonObject, nullableStringField, stringField, type JsonObject } from './line-problem.ts';

const maxUint256 = (1n << 256n) - 1n;
const decimalDigits = /^[0-9]+$/;

/** Checks a quote amount is an exact unsigned 256-bit decimal string, never a JSON number. */
export function quoteAmount(value: unknown, where: string): string {
  if (typeof value !== 'string') {
    throw new LineProblem(`${where} must be a decimal string (a JSON number would lose precision)`);
  }
  if (!decimalDigits.test(value)) throw new LineProblem(`${where} must be a decimal string of digits`);
  if (value.length >= 78 && BigInt(value) > maxUint256) throw new LineProblem(`${where} is larger than 2^256-1`);
  return value;
}

function quote(value: unknown, index: number): LadderQuote {
  if (!isJsonObject(value)) throw new LineProblem(`values.quotes[${index}] must be an object`);
  return {
    ...value,
    amount_in: quoteAmount(value.amount_in, `values.quotes[${index}].amount_in`),
    amount_out: quoteAmount(value.amount_out, `values.quotes[${index}].amount_out`),
  };
}

/** Validates the standardized values of a `quote_ladder` record (spec 2.13.6); extra fields are kept. */
export function quoteLadderValues(values: JsonObject): QuoteLadderValues {
  const where = 'values.';
  const quotes = values.quotes;
  if (!Array.isArray(quotes)) throw new LineProblem('values.quotes must be an array');
  const pool = values.pool;
  if (pool !== undefined && typeof pool !== 'string') throw new LineProblem('values.pool must be a string when present');
  const ladder: QuoteLadderValues = {
    ...values,
    event_id: stringField(values, 'event_id', where),
    chain_id: countField(values, 'chain_id', where),
    block_number: countField(values, 'block_number', where),
    block_hash: stringField(values, 'block_hash', where),
    parent_hash: stringField(values, 'parent_hash', where),
    transaction_hash: stringField(values, 'transaction_hash', where),
    transaction_index: countField(values, 'transaction_index', where),
    router: stringField(values, 'router', where),
    oracle: nullableStringField(values, 'oracle', where),
    token_in: stringField(values, 'token_in', where),
    token_out: stringField(values, 'token_out', where),
    token_in_decimals: countField(values, 'token_in_decimals', where),
    token_out_decimals: countField(values, 'token_out_decimals', where),
    quotes: quotes.map(quote),
  };
  return ladder;
}
