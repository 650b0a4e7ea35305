import type { ResearchProgress } from '../../../shared/contract/research-schemas.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { EventHub } from '../../../electron/host/contract/event-hub.ts';
import type { ContractHandlers } from '../../../electron/host/contract/handlers.ts';
import { FileGrants } from '../../../electron/host/files/file-grants.ts';
import { researchHandlers, type ResearchHandlerOptions } from '../../../electron/host/research/research-handlers.ts';
import { ipcApi } from '../client/support/contract-transports.ts';
import { dispatchOnlyHandlers } from '../client/support/dispatch-only-handlers.ts';
import { fixedNow } from '../client/support/test-service.ts';
import { testServiceAccess } from '../market/support/test-service-access.ts';

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
  const access = testServiceAccess({ baseUrl: options.baseUrl, key: options.key, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
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
