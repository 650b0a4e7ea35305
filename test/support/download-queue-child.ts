import { join } from 'node:path';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { clientLinks } from '../../electron/host/downloads/client-links.ts';
import { DownloadJournal } from '../../electron/host/downloads/download-journal.ts';
import { DownloadQueue } from '../../electron/host/downloads/download-queue.ts';
import type { PartOpener } from '../../electron/host/downloads/part-file.ts';
import { openPartFile } from '../../electron/host/downloads/part-file.ts';
import { createSnapshotTransfer } from '../../electron/host/downloads/snapshot-transfer.ts';
import { SnapshotLibrary } from '../../electron/host/library/snapshot-library.ts';

// A download queue in its own process, for the restart test: it opens its journal under a
// user-data folder, optionally enqueues a day, and prints one line per event. With
// `stallAfterBytes`, the first part file that reaches that size stops taking bytes (after the
// journal is on disk) and the process says `stalled`, so the test can kill it mid-download.

interface ChildArguments {
  userData: string;
  baseUrl: string;
  source: string;
  market: string;
  dates: string[];
  stallAfterBytes: number | null;
}

const args = JSON.parse(process.argv[2] ?? '{}') as ChildArguments;
const say = (line: string): void => void process.stdout.write(`${line}\n`);
const root = join(args.userData, 'library');
const journal = new DownloadJournal(join(args.userData, 'downloads.json'));
const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(args.userData, 'library-index.json'), count: () => Promise.resolve(0) });

const stall = args.stallAfterBytes;
const stallingPart: PartOpener = async (path, mode) => {
  const part = await openPartFile(path, mode);
  let written = 0;
  return {
    ...part,
    write: async (chunk) => {
      await part.write(chunk);
      written += chunk.length;
      if (stall !== null && written >= stall) {
        await journal.flush();
        say(`stalled ${path}`);
        await new Promise<never>(() => undefined);
      }
    },
  };
};

const client = new MarketDataClient({ baseUrl: args.baseUrl });
const queue = new DownloadQueue({
  transfer: createSnapshotTransfer(stall === null ? {} : { openPart: stallingPart }),
  links: clientLinks(() => Promise.resolve(client)),
  library,
  journal,
  concurrency: 1,
  onLanded: (key, result) => say(`landed ${key} ${result.sha256}`),
  onFailed: (item) => say(`failed ${item.key} ${item.failure?.message ?? ''}`),
});
const opened = await queue.open();
say(`opened ${opened.items.map((item) => `${item.key}:${item.state}`).join(',')}`);
if (args.dates.length > 0) await queue.enqueue({ source: args.source, market: args.market, dates: args.dates });
await queue.idle();
await queue.close();
say('idle');
