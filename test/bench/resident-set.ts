import { readFileSync } from 'node:fs';

/** The resident set of process `pid` in bytes, from `/proc/<pid>/status` (`VmRSS`); null once the process is gone. */
export function residentBytes(pid: number): number | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] === undefined ? null : Number(match[1]) * 1024;
}

/** Samples a process's resident set every `everyMs` and keeps the peak since the last `resetPeak`. */
export class ResidentSetSampler {
  readonly #pid: number;
  readonly #timer: NodeJS.Timeout;
  #peak = 0;
  #latest = 0;

  constructor(pid: number, everyMs = 100) {
    this.#pid = pid;
    this.sample();
    this.#timer = setInterval(() => this.sample(), everyMs);
  }

  /** Reads the resident set now; returns it (0 once the process is gone). */
  sample(): number {
    const bytes = residentBytes(this.#pid) ?? 0;
    this.#latest = bytes;
    if (bytes > this.#peak) this.#peak = bytes;
    return bytes;
  }

  /** Highest resident set seen since start or the last `resetPeak`. */
  get peak(): number {
    return this.#peak;
  }

  /** The last sample. */
  get latest(): number {
    return this.#latest;
  }

  /** Starts a new peak from the current sample. */
  resetPeak(): void {
    this.#peak = this.sample();
  }

  /** Stops sampling. */
  stop(): void {
    clearInterval(this.#timer);
  }
}
