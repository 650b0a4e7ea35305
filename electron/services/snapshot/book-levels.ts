import type { FlatLevels } from '../../../shared/snapshot/records.ts';
import { LineProblem } from './line-problem.ts';

const noLevels = new Float64Array(0);

/**
 * Turns a parsed side `[[price, qty], ...]` into flat levels `[p0, q0, p1, q1, ...]`. An absent
 * side is empty. Prices and quantities must be finite numbers, as the collector writes them.
 */
export function flatLevels(side: unknown, name: string): FlatLevels {
  if (side === undefined) return noLevels.slice();
  if (!Array.isArray(side)) throw new LineProblem(`data.${name} must be an array of [price, quantity]`);
  const flat = new Float64Array(side.length * 2);
  for (let i = 0; i < side.length; i++) {
    const level: unknown = side[i];
    if (!Array.isArray(level) || level.length !== 2) {
      throw new LineProblem(`data.${name}[${i}] must be [price, quantity]`);
    }
    const [price, quantity] = level as unknown[];
    if (typeof price !== 'number' || !Number.isFinite(price) || typeof quantity !== 'number' || !Number.isFinite(quantity)) {
      throw new LineProblem(`data.${name}[${i}] must hold two finite numbers`);
    }
    flat[i * 2] = price;
    flat[i * 2 + 1] = quantity;
  }
  return flat;
}
