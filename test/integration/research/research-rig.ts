import type { ResearchProgress } from '../../../shared/contract/research-schemas.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { defaultSettings } from '../../../shared/settings.ts';
import { EventHub } from '../../../electron/contract-host/event-hub.ts';
import type { ContractHandlers } from '../../../electron/contract-host/handlers.ts';
import { FileGrants } from '../../../electron/services/files/file-grants.ts';
import { ApiKeyStore } from '../../../electron/services/keys/api-key-store.ts';
import { researchHandlers, type ResearchHandlerOptions } from '../../../electron/services/research/research-handlers.ts';
import { interactiveClientOptions, ServiceAccess } from '../../../electron/services/service-access.ts';
import { ipcApi } from '../client/support/contract-transports.ts';
import { dispatchOnlyHandlers } from '../client/support/dispatch-only-handlers.ts';
import { fixedNow } from '../client/support/test-service.ts';
import { memoryKeychain } from '../market/support/market-rig.ts';

/** How main reaches the service under test for research. */
export interface ResearchRigOptions {
  baseUrl: string;
  /** The demo's own key (embedded), or none stored for a remote service. */
  key: string | null;
  /** Where exports land (`{libraryRoot}/exports/`). */
  libraryRoot: string;
  fetch?: typeof fetch;
  caps?: ResearchHandlerOptions['caps'];
}

/** The `research.*` channels as the renderer reaches them (dispatch, validation, structured clone), and the progress main pushed. */
export interface ResearchRig {
  readonly api: MdeApi;
  readonly files: FileGrants;
  readonly progress: ResearchProgress[];
  close(): void;
}

/**
 * The research handlers wired as `createMainServices` wires them (service access over the active
 * source, the real research worker), at the fixed test clock, with 429 waits returning at once.
 */
export function researchRig(options: ResearchRigOptions): ResearchRig {
  const hub = new EventHub();
  const progress: ResearchProgress[] = [];
  hub.attach((event, payload) => {
    if (event === 'research.progress') progress.push(payload as ResearchProgress);
  });
  const dataSource = options.key === null ? 'remote' : 'embedded';
  const access = new ServiceAccess({
    target: () => Promise.resolve({ dataSource, baseUrl: options.baseUrl, simulated: dataSource === 'embedded' }),
    settings: () => Promise.resolve({ ...defaultSettings, dataSource, remoteBaseUrl: dataSource === 'remote' ? options.baseUrl : null }),
    demoKey: options.key ?? 'no-demo-key',
    keys: new ApiKeyStore(memoryKeychain()),
    onUsage: () => {},
    clientOptions: { ...interactiveClientOptions, now: () => fixedNow, sleep: () => Promise.resolve(), ...(options.fetch === undefined ? {} : { fetch: options.fetch }) },
  });
  const files = new FileGrants();
  const { close, ...research } = researchHandlers({
    events: hub,
    files,
    access: { clientOf: () => access.client(), hasKey: () => access.hasKey(), now: () => fixedNow },
    libraryRoot: () => Promise.resolve(options.libraryRoot),
    now: () => fixedNow,
    ...(options.caps === undefined ? {} : { caps: options.caps }),
  });
  const handlers: ContractHandlers = { ...dispatchOnlyHandlers, ...research };
  return { api: ipcApi(handlers), files, progress, close };
}
