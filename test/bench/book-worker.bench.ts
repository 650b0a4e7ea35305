import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookWorkerClient } from '../../electron/host/book/book-worker-client.ts';
import { bookInputsFromFiles } from '../../electron/host/book/file-book-source.ts';
import { FrameReplayer, frameSettings } from '../../electron/host/book/frame-replayer.ts';
import { hourOfEvents, writeSnapshotFile } from '../support/book-files.ts';
import { measure, report } from './measure.ts';

const events = 20_000;

/**
 * Replay of a snapshot file (decode, apply, 25-level frames with metrics) in the book worker,
 * frames transferred back, against the same pipeline on the calling thread.
 */
export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-'));
  const client = new BookWorkerClient();
  try {
    const spec = { source: 'bench', market: 'BTC-USD', hour: Date.UTC(2024, 0, 1, 0) };
    const path = await writeSnapshotFile(dir, spec, hourOfEvents(spec, 42, events, 1000));
    const inProcess = await measure(
      async () => {
        const replayer = new FrameReplayer(frameSettings(), () => {});
        for await (const batch of bookInputsFromFiles([path])) replayer.apply(batch);
        replayer.flush();
      },
      { rounds: 3, roundMs: 1000 },
    );
    const inWorker = await measure(
      async () => {
        const result = await client.replayFiles([path]).result;
        if (!result.ok) throw new Error(result.error.message);
      },
      { rounds: 3, roundMs: 1000 },
    );
    report({
      name: 'file replay in the worker (events/s)',
      value: inWorker.opsPerSecond * events,
      unit: 'ev/s',
      baselineName: 'in-process',
      baseline: inProcess.opsPerSecond * events,
      higherIsBetter: true,
    });
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}
