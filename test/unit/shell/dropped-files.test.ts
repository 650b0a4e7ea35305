import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../shared/contract/bridge.ts';
import type { ContractResult } from '../../../shared/contract/errors.ts';
import type { Invoke } from '../../../shared/contract/types.ts';
import { grantDroppedFiles, withDroppedFiles, type GetPathForFile } from '../../../electron/shell/dropped-files.ts';

// Electron knows the disk path of a File that came from a drop; a File built in the page has none.
const fromDisk = new WeakMap<File, string>();
const droppedFile = (path: string): File => {
  const file = new File(['x'], path.split('/').at(-1) ?? '');
  fromDisk.set(file, path);
  return file;
};
const getPathForFile: GetPathForFile = (file) => {
  if (!(file instanceof File)) throw new TypeError('Error processing argument at index 0, conversion failure from string');
  return fromDisk.get(file) ?? '';
};

function recordingInvoke(): Invoke & { calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const invoke = (channel: string, input: unknown): Promise<ContractResult<unknown>> => {
    calls.push([channel, input]);
    return Promise.resolve({ ok: true, value: { files: [{ fileId: 'f-1', name: 'a.jsonl.zst', bytes: 1 }] } });
  };
  return Object.assign(invoke, { calls });
}

describe('the preload turns dropped Files into granted paths', () => {
  it('sends the disk paths of dropped files to files.grantDropped and answers its result', async () => {
    const invoke = recordingInvoke();
    const result = await grantDroppedFiles(getPathForFile, invoke)([droppedFile('/data/a.jsonl.zst'), droppedFile('/data/b.jsonl.zst')]);
    expect(invoke.calls).toEqual([['files.grantDropped', { paths: ['/data/a.jsonl.zst', '/data/b.jsonl.zst'] }]]);
    expect(result).toEqual({ ok: true, value: { files: [{ fileId: 'f-1', name: 'a.jsonl.zst', bytes: 1 }] } });
  });

  it('refuses a File the page made itself (no path), and sends nothing', async () => {
    const invoke = recordingInvoke();
    const synthetic = new File(['{}'], 'etc-passwd.jsonl.zst');
    const result = await grantDroppedFiles(getPathForFile, invoke)([droppedFile('/data/a.jsonl.zst'), synthetic]);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request', channel: 'files.grantDropped' } });
    if (!result.ok) expect(result.error.message).toBe('"etc-passwd.jsonl.zst" is not a file from disk');
    expect(invoke.calls).toEqual([]);
  });

  it.each([
    ['a path as text', ['/etc/passwd']],
    ['an object that looks like a File', [{ name: 'a.jsonl.zst', path: '/etc/passwd' }]],
    ['no files', []],
    ['a path instead of a list', '/etc/passwd'],
  ])('refuses %s, and sends nothing', async (_name, input) => {
    const invoke = recordingInvoke();
    // The renderer is not trusted to respect the type: pass what a hostile page could.
    const result = await grantDroppedFiles(getPathForFile, invoke)(input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(invoke.calls).toEqual([]);
  });

  it('answers an internal error when the main process sends grants of another shape', async () => {
    const invoke: Invoke = () => Promise.resolve({ ok: true, value: { files: [{ fileId: 'f-1' }] } });
    const result = await grantDroppedFiles(getPathForFile, invoke)([droppedFile('/data/a.jsonl.zst')]);
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal', channel: 'files.grantDropped' } });
  });

  it('replaces only files.grantDropped in the bridge', async () => {
    const invoke = recordingInvoke();
    const bridge = withDroppedFiles(createBridge(invoke, () => () => {}), getPathForFile, invoke);
    await bridge.files.grantDropped([droppedFile('/data/a.jsonl.zst')]);
    await bridge.files.grantPath({ paths: ['/data/b.jsonl.zst'] });
    await bridge.settings.get();
    expect(invoke.calls).toEqual([
      ['files.grantDropped', { paths: ['/data/a.jsonl.zst'] }],
      ['files.grantPath', { paths: ['/data/b.jsonl.zst'] }],
      ['settings.get', undefined],
    ]);
  });
});
