import { parentPort } from 'node:worker_threads';
import { demoDatasets } from './demo-datasets.ts';
import type { GenerateHourRequest, GenerateHourResponse } from './generation-protocol.ts';
import { generateHourFile } from './generate-hour.ts';

// The demo generation worker: simulated hours are built here, off the main process's event loop,
// and handed back with their buffer transferred, not copied.
const port = parentPort;
if (port === null) throw new Error('generation-worker.ts must run as a worker thread');

port.on('message', (request: GenerateHourRequest) => {
  let response: GenerateHourResponse;
  try {
    const dataset = demoDatasets.find((candidate) => candidate.source === request.source && candidate.market === request.market);
    if (dataset === undefined) throw new Error(`The demo has no dataset ${request.source}/${request.market}`);
    const bytes = generateHourFile(request.seed, dataset, request.hourStart, request.until ?? Number.POSITIVE_INFINITY);
    response = { id: request.id, ok: true, bytes };
  } catch (error) {
    response = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(response, response.ok ? [response.bytes.buffer as ArrayBuffer] : []);
});
