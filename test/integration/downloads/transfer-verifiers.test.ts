import { describe, expect, it } from 'vitest';
import { SnapshotVerificationError, streamingVerifier, type SnapshotVerifier } from '../../../electron/host/downloads/download-verifier.ts';
import { workerVerifier } from '../../../electron/host/downloads/worker-verifier.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { faultSource } from './transfer-support.ts';

const source = faultSource();

async function feed(verifier: SnapshotVerifier, bytes: Uint8Array, chunk = 4096): Promise<{ records: number }> {
  for (let offset = 0; offset < bytes.length; offset += chunk) await verifier.push(Uint8Array.prototype.slice.call(bytes, offset, offset + chunk));
  return verifier.finish();
}

describe.each([
  ['in a worker thread (the default)', workerVerifier],
  ['on the event loop', streamingVerifier],
] as const)('the download verifier %s', (_, make) => {
  it('a whole file: every record counted, as the generator wrote them', async () => {
    expect(await feed(make('good.jsonl.zst'), source.bytes)).toEqual({ records: source.records });
  });

  it('a file cut inside its frame is refused as truncated', async () => {
    const error = await rejectionOf(feed(make('cut.jsonl.zst'), source.bytes.subarray(0, source.bytes.length - 7)), SnapshotVerificationError);
    expect(error.message).toMatch(/truncated|ends inside/);
  });

  it('flipped bytes inside the frame are refused', async () => {
    const bad = Uint8Array.from(source.bytes);
    for (let i = 3000; i < 3010; i++) bad[i] = (bad[i] ?? 0) ^ 0xff;
    await rejectionOf(feed(make('flipped.jsonl.zst'), bad), SnapshotVerificationError);
  });

  it('bytes that are not zstd fail the first push', async () => {
    const verifier = make('text.jsonl.zst');
    await rejectionOf(verifier.push(new TextEncoder().encode('{"type":"metadata"}\n')), SnapshotVerificationError);
    verifier.abandon();
  });

  it('an empty file is refused', async () => {
    await rejectionOf(make('empty.jsonl.zst').finish(), SnapshotVerificationError);
  });
});
