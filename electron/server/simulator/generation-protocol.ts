/** A request to the demo generation worker: one hour of one dataset, up to `until`. */
export interface GenerateHourRequest {
  id: number;
  seed: number;
  source: string;
  market: string;
  hourStart: number;
  /** Generate up to here (exclusive); null for the whole hour. */
  until: number | null;
}

/** The worker's answer: the file's bytes (transferred), or why it failed. */
export type GenerateHourResponse = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
