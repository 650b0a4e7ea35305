import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSegmentStore, SpillError } from '../../../electron/host/book/session/segment-store.ts';
import { makeSpillFolder, removeStaleSpills, spillParent } from '../../../electron/host/book/session/spill-folder.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// The temporary folder is shared with every local user: the replay's spill sweep must remove only
// what this app made, never follow a link, and never walk into a folder someone else planted.

const deadPid = 999_999;

function victimFolder(root: string, files = 20): string {
  const victim = join(root, 'victim');
  mkdirSync(victim, { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(victim, `f${i}`), `precious ${i}`);
  return victim;
}

/**
 * A second process that keeps swapping `<root>/mde-replay-<dead pid>-x/a` between a real folder
 * full of files named as the victim's (f0, f1, …) and a symbolic link to the victim's folder, as
 * another local user would while the app sweeps. It runs until killed; it prints `ready` after its
 * first swap.
 */
function startSwapper(root: string, victim: string): { stop: () => Promise<void>; ready: Promise<void> } {
  const script = `
    const fs = require('node:fs'); const path = require('node:path');
    const [root, victim, dead] = process.argv.slice(1);
    const planted = path.join(root, 'mde-replay-' + dead + '-x');
    const a = path.join(planted, 'a');
    const stash = path.join(root, 'stash');
    const link = path.join(root, 'link');
    const quiet = (step) => { try { step(); } catch {} };
    // Each state is held a moment (a spin, no timer), long enough for a sweep to walk into it.
    const hold = (ms) => { const until = performance.now() + ms; while (performance.now() < until); };
    let told = false;
    for (;;) {
      if (!fs.existsSync(planted)) quiet(() => fs.mkdirSync(planted));
      if (!fs.existsSync(link)) quiet(() => fs.symlinkSync(victim, link));
      if (!fs.existsSync(path.join(stash, 'f99'))) {
        quiet(() => fs.mkdirSync(stash));
        quiet(() => { for (let i = 0; i < 100; i++) fs.writeFileSync(path.join(stash, 'f' + i), 'x'); });
      }
      // a: a folder of files named as the victim's, then a link to the victim's folder.
      quiet(() => fs.renameSync(stash, a));
      hold(0.3);
      quiet(() => fs.renameSync(a, stash));
      quiet(() => fs.renameSync(link, a));
      if (!told) { told = true; process.stdout.write('ready\\n'); }
      hold(0.3);
      quiet(() => fs.renameSync(a, link));
    }`;
  const child = spawn(process.execPath, ['-e', script, root, victim, String(deadPid)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ready,
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('replay spill folders', () => {
  const tempDir = useTempDirs();

  it('a sweep racing a symlink swap loop in the shared temporary folder removes none of the victim\'s files (30 rounds)', async () => {
    const root = await tempDir();
    const victim = victimFolder(root);
    const swapper = startSwapper(root, victim);
    try {
      await swapper.ready;
      const lost: number[] = [];
      for (let round = 0; round < 30; round++) {
        for (let i = 0; i < 20; i++) writeFileSync(join(victim, `f${i}`), `precious ${i}`);
        // Each round sweeps while the planted folder is there (waiting at most 2 s for it).
        const until = Date.now() + 2_000;
        while (!existsSync(join(root, `mde-replay-${deadPid}-x`, 'a')) && Date.now() < until);
        removeStaleSpills(root);
        const left = readdirSync(victim).length;
        if (left < 20) lost.push(20 - left);
      }
      expect(lost).toEqual([]);
    } finally {
      await swapper.stop();
    }
  });

  it('keeps spills in a private folder of this user (0700), and refuses one that is a link, another mode or not a folder', async () => {
    const root = await tempDir();
    const folder = makeSpillFolder(root);
    const parent = join(root, `mde-replay-u${process.getuid?.() ?? 'user'}`);
    expect(join(folder, '..')).toBe(parent);
    expect(lstatSync(parent).mode & 0o777).toBe(0o700);

    const linked = await tempDir();
    symlinkSync(await tempDir(), join(linked, `mde-replay-u${process.getuid?.() ?? 'user'}`));
    expect(() => spillParent(linked)).toThrow(/is not this user's private replay folder: it is a symbolic link\. Remove it, or start the app with TMPDIR/);
    expect(removeStaleSpills(linked)).toBe(0);

    const open = await tempDir();
    mkdirSync(join(open, `mde-replay-u${process.getuid?.() ?? 'user'}`));
    chmodSync(join(open, `mde-replay-u${process.getuid?.() ?? 'user'}`), 0o777);
    expect(() => spillParent(open)).toThrow(/others may write or read it \(mode 777\)/);
    expect(() => new FileSegmentStore(2, open)).toThrow(SpillError);

    const file = await tempDir();
    writeFileSync(join(file, `mde-replay-u${process.getuid?.() ?? 'user'}`), '');
    expect(() => spillParent(file)).toThrow(/it is not a folder/);
  });

  it('sweeps a dead process\'s spill without following the links in it, and keeps a living one and everything else', async () => {
    const root = await tempDir();
    const victim = victimFolder(root, 3);
    const parent = spillParent(root);
    const dead = join(parent, `${deadPid}-abc`);
    mkdirSync(dead);
    writeFileSync(join(dead, 'log.bin'), 'spilled');
    symlinkSync(victim, join(dead, 'a'));
    symlinkSync(join(victim, 'f0'), join(dead, 'b'));
    const inner = join(dead, 'inner');
    mkdirSync(inner);
    symlinkSync(victim, join(inner, 'c'));
    const living = makeSpillFolder(root);
    writeFileSync(join(living, 'log.bin'), 'live');
    const notOurs = join(parent, 'something-else');
    mkdirSync(notOurs);
    const legacy = join(root, `mde-replay-${deadPid}-old`);
    mkdirSync(legacy);

    removeStaleSpills(root);
    expect(readdirSync(victim).sort()).toEqual(['f0', 'f1', 'f2']);
    // The links are gone; a folder the app never makes is left, so the spill folder stays too.
    expect(readdirSync(dead)).toEqual(['inner']);
    expect(readdirSync(inner)).toEqual(['c']);
    expect(existsSync(join(living, 'log.bin'))).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
    expect(existsSync(legacy)).toBe(true);

    const plain = join(parent, `${deadPid}-def`);
    mkdirSync(plain);
    writeFileSync(join(plain, 'log.bin'), 'spilled');
    expect(removeStaleSpills(root)).toBe(1);
    expect(existsSync(plain)).toBe(false);
  });

  it('a closed store leaves no spill folder behind', async () => {
    const root = await tempDir();
    const store = new FileSegmentStore(2, root);
    expect(existsSync(join(store.folder, 'log.bin'))).toBe(true);
    store.close();
    expect(existsSync(store.folder)).toBe(false);
  });
});
