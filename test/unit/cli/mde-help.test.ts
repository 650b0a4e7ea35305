import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

function mde(...args: string[]) {
  return spawnSync('npm', ['run', '-s', 'mde', '--', ...args], { cwd: root, encoding: 'utf8' });
}

describe('mde command line', () => {
  it('lists every engine command in --help and exits 0', () => {
    const result = mde('--help');
    expect(result.status).toBe(0);
    for (const command of ['serve', 'inspect', 'decode', 'book', 'get', 'key', 'download', 'export', 'metrics']) {
      expect(result.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it('rejects an unknown command on stderr with exit code 2', () => {
    const result = mde('frobnicate');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stderr).toContain('--help');
  });
});
