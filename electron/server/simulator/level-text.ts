import { utf8 } from './line-bytes.ts';
import { decimalsOf, type LevelBytes } from './line-writers.ts';

/**
 * Book levels as file text (strings or UTF-8): prices are whole ticks and sizes whole lots, printed
 * with the increments' decimals. Texts are cached, since a book revisits the same few ticks and sizes.
 */
export class LevelText implements LevelBytes {
  readonly #tick: number;
  readonly #lot: number;
  readonly #priceDecimals: number;
  readonly #sizeDecimals: number;
  readonly #prices = new Map<number, string>();
  readonly #sizes = new Map<number, string>();
  readonly #priceBytes = new Map<number, Uint8Array>();
  readonly #sizeBytes = new Map<number, Uint8Array>();

  constructor(tick: number, lot: number) {
    this.#tick = tick;
    this.#lot = lot;
    this.#priceDecimals = decimalsOf(tick);
    this.#sizeDecimals = decimalsOf(lot);
  }

  /** A tick's price text. */
  price(tick: number): string {
    let text = this.#prices.get(tick);
    if (text === undefined) {
      if (this.#prices.size > 50_000) this.#prices.clear();
      text = (tick * this.#tick).toFixed(this.#priceDecimals);
      this.#prices.set(tick, text);
    }
    return text;
  }

  /** A size in lots as text ("0" for none). */
  size(lots: number): string {
    let text = this.#sizes.get(lots);
    if (text === undefined) {
      if (this.#sizes.size > 50_000) this.#sizes.clear();
      text = lots === 0 ? '0' : (lots * this.#lot).toFixed(this.#sizeDecimals);
      this.#sizes.set(lots, text);
    }
    return text;
  }

  /** A tick's price as UTF-8. */
  priceBytes(tick: number): Uint8Array {
    let bytes = this.#priceBytes.get(tick);
    if (bytes === undefined) {
      if (this.#priceBytes.size > 50_000) this.#priceBytes.clear();
      bytes = utf8(this.price(tick));
      this.#priceBytes.set(tick, bytes);
    }
    return bytes;
  }

  /** A size in lots as UTF-8. */
  sizeBytes(lots: number): Uint8Array {
    let bytes = this.#sizeBytes.get(lots);
    if (bytes === undefined) {
      if (this.#sizeBytes.size > 50_000) this.#sizeBytes.clear();
      bytes = utf8(this.size(lots));
      this.#sizeBytes.set(lots, bytes);
    }
    return bytes;
  }

  /** Flat `[tick, lots, ...]` levels as a JSON array of `[price, size]` pairs. */
  levels(flat: readonly number[]): string {
    if (flat.length === 0) return '[]';
    let text = '[';
    for (let i = 0; i < flat.length; i += 2) {
      text += `${i === 0 ? '' : ','}[${this.price(flat[i] ?? 0)},${this.size(flat[i + 1] ?? 0)}]`;
    }
    return `${text}]`;
  }
}
