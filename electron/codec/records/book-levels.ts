import type { FlatLevels } from '../../../shared/snapshot/records.ts';
import { isJsonObject, LineProblem, type JsonObject } from './line-problem.ts';

const noLevels = new Float64Array(0);
/** A decimal number written as a string, as some venues send prices and sizes. */
const decimalText = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

/** A level's price or size: a finite number, or a decimal string; NaN for anything else. */
function levelNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && decimalText.test(value) ? Number(value) : Number.NaN;
}

/** A level object's size: `quantity`, else `size`, else `amount` (the names the SDK's book builder reads). */
function objectSize(level: JsonObject): unknown {
  return level.quantity ?? level.size ?? level.amount;
}

/**
 * Turns a parsed side into flat levels `[p0, q0, p1, q1, ...]`. An absent side is empty. A level
 * is `[price, quantity]` (more elements, such as an order count, are left out) or an object
 * `{price, quantity | size | amount}`, as the service's SDK book builder reads them; prices and
 * sizes are finite numbers or decimal strings.
 */
export function flatLevels(side: unknown, name: string, where = 'data.'): FlatLevels {
  if (side === undefined) return noLevels.slice();
  if (!Array.isArray(side)) throw new LineProblem(`${where}${name} must be an array of [price, quantity] or {price, size} levels`);
  const flat = new Float64Array(side.length * 2);
  for (let i = 0; i < side.length; i++) {
    const level: unknown = side[i];
    let price: number;
    let quantity: number;
    if (Array.isArray(level) && level.length >= 2) {
      price = levelNumber(level[0]);
      quantity = levelNumber(level[1]);
    } else if (isJsonObject(level)) {
      price = levelNumber(level.price);
      quantity = levelNumber(objectSize(level));
    } else {
      throw new LineProblem(`${where}${name}[${i}] must be [price, quantity] or {price, size}`);
    }
    if (!Number.isFinite(price) || !Number.isFinite(quantity)) {
      throw new LineProblem(`${where}${name}[${i}] must hold a finite price and size (numbers or decimal strings)`);
    }
    flat[i * 2] = price;
    flat[i * 2 + 1] = quantity;
  }
  return flat;
}

/**
 * A book row's side: `data[name]`, or the record's own top-level `name` when `data` has none (an
 * older shape the SDK's book builder reads too).
 */
export function bookSide(row: JsonObject, data: JsonObject | null, name: 'bids' | 'asks'): FlatLevels {
  if (data !== null && name in data) return flatLevels(data[name], name);
  return Array.isArray(row[name]) ? flatLevels(row[name], name, '') : flatLevels(undefined, name);
}
