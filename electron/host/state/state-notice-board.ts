import type { StateNotice } from '../../../shared/contract/state-notices.ts';

/**
 * The state files set aside since the app started: each is written to the log once when it is
 * found, and kept for `app.notices`, which the window shows once.
 */
export class StateNoticeBoard {
  readonly #notices: StateNotice[] = [];
  readonly #log: (line: string) => void;

  constructor(log: (line: string) => void = (line) => console.warn(line)) {
    this.#log = log;
  }

  /** Records a notice and logs it (one line, no secrets: state files hold none). */
  add(notice: StateNotice): void {
    this.#notices.push(notice);
    const kept = notice.keptAs === null ? 'It was left where it is.' : `It was kept aside as ${notice.keptAs}.`;
    this.#log(`[state] ${notice.path} could not be read: ${notice.reason}. ${kept} ${notice.meaning}`);
  }

  /** Every notice so far, oldest first. */
  list(): StateNotice[] {
    return [...this.#notices];
  }
}
