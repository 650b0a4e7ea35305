import type { Availability, DownloadItem, LibraryFile } from '../../../../shared/contract/library-schemas.ts';
import { hourMs } from '../../../../shared/time/time-units.ts';

/**
 * What one UTC hour of the calendar is: no file; listed by the service (downloadable, or needing
 * a key); in the queue (queued, paused, downloading or verifying, failed); in the library; not
 * known (after a listing cut short); or still to come.
 */
export type CellState = 'none' | 'remote' | 'needs-key' | 'queued' | 'paused' | 'downloading' | 'failed' | 'local' | 'unknown' | 'future';

/** One hour of the calendar. */
export interface CalendarCell {
  date: string;
  hour: number;
  /** The snapshot key, when the service listed the hour or the library holds it. */
  key: string | null;
  state: CellState;
  /** Share downloaded (0 to 1) while downloading or verifying; null when the size is not known yet or not downloading. */
  progress: number | null;
  /** The queue's item for the hour, when queued or failed. */
  item: DownloadItem | null;
}

/** One day of the calendar: 24 cells, hours 00…23 UTC. */
export interface CalendarDay {
  date: string;
  cells: readonly CalendarCell[];
  /** Hours with a file (listed or local). */
  files: number;
  /** Hours in the library. */
  local: number;
}

/** What the calendar is built from; all of one dataset. */
export interface CalendarInputs {
  days: readonly string[];
  /** The service's listing; null while it loads or when it failed (the library and queue still show). */
  availability: Availability | null;
  /** Days the listing has not reached yet (or could not list): their hours without a local file or queue item are unknown. */
  unlistedDays?: ReadonlySet<string>;
  /** The dataset's files in the library, live; null while the index is not known (the listing's own `local` flags stand in). */
  libraryFiles: readonly LibraryFile[] | null;
  queue: readonly DownloadItem[];
  nowMs: number;
}


function hourId(date: string, hour: number): string {
  return `${date}/${hour}`;
}

function hourStart(date: string, hour: number): number {
  return Date.parse(`${date}T00:00:00.000Z`) + hour * hourMs;
}

/**
 * The library's files by the hours they hold: an hour file its own hour, a whole-day file (span
 * `day`) every hour of its UTC day not held by an hour file of its own.
 */
function localHours(files: readonly LibraryFile[]): Map<string, LibraryFile> {
  const byHour = new Map<string, LibraryFile>();
  for (const file of files) if (file.span !== 'day') byHour.set(hourId(file.date, file.hour), file);
  for (const file of files) {
    if (file.span !== 'day') continue;
    for (let hour = 0; hour < 24; hour++) if (!byHour.has(hourId(file.date, hour))) byHour.set(hourId(file.date, hour), file);
  }
  return byHour;
}

function queueState(item: DownloadItem): CellState | null {
  switch (item.state) {
    case 'downloading':
    case 'verifying':
      return 'downloading';
    case 'queued':
      return 'queued';
    case 'paused':
      return 'paused';
    case 'failed':
      return 'failed';
    case 'done':
      // Landed; only the library index says whether the file is still there (see calendarModel).
      return 'local';
    case 'cancelled':
      return null;
  }
}

/**
 * The calendar's cells, day by day. A whole-day file in the library counts for all 24 hours of
 * its UTC day. An hour in flight in the queue shows its queue state (with
 * its progress while downloading); otherwise an hour in the library is local (the live index
 * decides: a file deleted since the listing, or since its download finished, is downloadable
 * again; main pushes the new index before the queue says "done"), even when its
 * transfer failed later; then a failed transfer; then the listing (needs a key or downloadable);
 * an hour that has not begun yet is future; an unlisted hour after a cut-short listing, or of a
 * day not listed yet, is unknown; and the rest have no file.
 */
export function calendarModel({ days, availability, unlistedDays, libraryFiles, queue, nowMs }: CalendarInputs): CalendarDay[] {
  const listed = new Map((availability?.hours ?? []).map((hour) => [hourId(hour.date, hour.hour), hour]));
  const local = localHours(libraryFiles ?? []);
  const queued = new Map(queue.map((item) => [hourId(item.date, item.hour), item]));
  const listedUntil = availability !== null && availability.truncated ? availability.listedUntil : null;
  return days.map((date) => {
    const dayUnlisted = unlistedDays?.has(date) === true;
    const cells = Array.from({ length: 24 }, (_, hour): CalendarCell => {
      const id = hourId(date, hour);
      const entry = listed.get(id);
      const file = local.get(id);
      const item = queued.get(id) ?? null;
      const inQueue = item === null ? null : queueState(item);
      // A library hour goes by the file's own name (a whole-day file's key for each of its hours): Open, Export and Delete act on it.
      const key = file?.key ?? entry?.key ?? item?.key ?? null;
      let state: CellState;
      if (inQueue === 'downloading' || inQueue === 'queued' || inQueue === 'paused') state = inQueue;
      // The library on disk decides; the listing's flag and a finished download stand in only until its index is known.
      else if (file !== undefined || (libraryFiles === null && (entry?.local === true || inQueue === 'local'))) state = 'local';
      else if (inQueue === 'failed') state = 'failed';
      else if (entry !== undefined) state = entry.needsKey ? 'needs-key' : 'remote';
      else if (hourStart(date, hour) > nowMs) state = 'future';
      else if (dayUnlisted || (listedUntil !== null && hourStart(date, hour) >= listedUntil)) state = 'unknown';
      else state = 'none';
      const progress = state === 'downloading' && item !== null && item.totalBytes !== null && item.totalBytes > 0 ? Math.min(1, item.bytes / item.totalBytes) : null;
      return { date, hour, key, state, progress, item: state === 'downloading' || state === 'queued' || state === 'paused' || state === 'failed' ? item : null };
    });
    return { date, cells, files: cells.filter((cell) => cell.key !== null).length, local: cells.filter((cell) => cell.state === 'local').length };
  });
}

/** Whether an hour can be selected: it has a file, listed or local. */
export function isSelectable(cell: CalendarCell): boolean {
  return cell.key !== null;
}

/** Whether an hour would download if chosen now: listed without needing a key, not in the library, not in flight (a failed one is tried again). */
export function isDownloadable(cell: CalendarCell): boolean {
  return cell.key !== null && (cell.state === 'remote' || cell.state === 'failed');
}
