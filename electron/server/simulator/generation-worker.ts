import { serveWorker } from '../../base/workers/serve-worker.ts';
import { moved } from '../../base/workers/worker-protocol.ts';
import { demoDatasets } from './demo-datasets.ts';
import type { GenerationWorkerProtocol } from './generation-protocol.ts';
import { generateHourFile } from './generate-hour.ts';

// The demo generation worker: simulated hours are built here, off the main process's event loop,
// and handed back with their buffer transferred, not copied.
serveWorker<GenerationWorkerProtocol>({
  calls: {
    generate: (request) => {
      const dataset = demoDatasets.find((candidate) => candidate.source === request.source && candidate.market === request.market);
      if (dataset === undefined) throw new Error(`The demo has no dataset ${request.source}/${request.market}`);
      const bytes = generateHourFile(request.seed, dataset, request.hourStart, request.until ?? Number.POSITIVE_INFINITY);
      return moved(bytes, [bytes.buffer as ArrayBuffer]);
    },
  },
});
