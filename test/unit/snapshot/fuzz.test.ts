import { describe, expect, it } from 'vitest';
import { snapshotErrorKinds } from '../../../shared/snapshot/decode-errors.ts';
import { createPrng } from '../../../electron/server/simulator/prng.ts';
import { l2FileLines } from '../../../electron/server/simulator/l2-file-generator.ts';
import { concatBytes, skippableZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

const encoder = new TextEncoder();

describe('seeded fuzz', () => {
  // A fixed amount of work: the timeout is only a guard for a slow machine, nothing is timed.
  it('ends every input in records or a typed error, never a hang or a crash', { timeout: 60_000 }, async () => {
    const random = createPrng(20_240_601);
    const texts = [
      fixtureText('v2-book-trades.jsonl'),
      fixtureText('v2-quote-ladder.jsonl'),
      fixtureText('legacy-mixed.jsonl'),
      [...l2FileLines({ seed: 3, events: 40 })].join('\n'),
    ];
    // A fixed number of seeded cases (about what the old 4-second loop ran here), so every run
    // tries the same inputs on any machine.
    const outcomes = new Map<string, number>();
    for (let i = 0; i < 600; i++) {
      const text = encoder.encode(texts[random.int(0, texts.length - 1)] ?? '');
      const plainMutation = text.slice();
      for (let i = random.int(0, 4); i > 0; i--) plainMutation[random.int(0, plainMutation.length - 1)] = random.int(0, 255);
      let input = random.next() < 0.5 ? zst(plainMutation) : zst(text);
      const mode = random.int(0, 3);
      if (mode === 1) {
        input = input.slice();
        for (let i = random.int(1, 3); i > 0; i--) input[random.int(0, input.length - 1)] = random.int(0, 255);
      } else if (mode === 2) input = input.subarray(0, random.int(0, input.length));
      else if (mode === 3) input = concatBytes([skippableZstdFrame(input.subarray(0, random.int(0, 20))), input]);
      const { result } = await decodeBytes(input, { lenient: random.next() < 0.5, chunkSize: random.int(1, 300) });
      if (!result.ok) expect(snapshotErrorKinds).toContain(result.error.kind);
      const outcome = result.ok ? 'ok' : result.error.kind;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    // The seeded inputs reach clean decodes and each way a damaged file fails.
    expect([...outcomes.keys()].sort()).toEqual(['corrupt-zstd', 'malformed-line', 'not-zstd', 'ok', 'truncated']);
  });
});
