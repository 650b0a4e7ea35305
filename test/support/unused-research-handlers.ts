import type { ResearchHandlers } from '../../electron/host/research/research-handlers.ts';

const unused = (): Promise<never> => Promise.reject(new Error('this test does not run research'));

/** `research.*` handlers for tests that exercise other channels: every call rejects. */
export const unusedResearchHandlers: ResearchHandlers = {
  'research.markouts': unused,
  'research.depth': unused,
  'research.latency': unused,
  'research.activity': unused,
  'research.venues': unused,
  'research.cancel': unused,
  'research.export': unused,
};
