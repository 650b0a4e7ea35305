import type { FileViewHandlers } from '../../electron/host/file-view/file-view-handlers.ts';

const unused = (): Promise<never> => Promise.reject(new Error('this test does not open file views'));

/** The file viewer's handlers for tests that exercise other channels: every call rejects. */
export const unusedFileViewHandlers: FileViewHandlers = {
  'files.openView': unused,
  'files.rows': unused,
  'files.locate': unused,
  'files.rowDetail': unused,
  'files.closeView': unused,
  'files.warmViewer': unused,
};
