import { isDownloadable, isSelectable, type CalendarDay } from './calendar-model.ts';

/** A place in the calendar: a day's row and an hour's column. */
export interface CellRef {
  day: number;
  hour: number;
}

/** Selected hours, as `YYYY-MM-DD/H` ids (the hour without padding). */
export type Selection = ReadonlySet<string>;

/** The id of an hour in a selection. */
export function cellId(date: string, hour: number): string {
  return `${date}/${hour}`;
}

function cellAt(days: readonly CalendarDay[], ref: CellRef) {
  return days[ref.day]?.cells[ref.hour];
}

/** Selectable hours from `a` to `b` inclusive, in time order (a range may cross midnight), whichever comes first. */
export function hoursBetween(days: readonly CalendarDay[], a: CellRef, b: CellRef): string[] {
  const linear = (ref: CellRef): number => ref.day * 24 + ref.hour;
  const [first, last] = linear(a) <= linear(b) ? [linear(a), linear(b)] : [linear(b), linear(a)];
  const ids: string[] = [];
  for (let position = first; position <= last; position++) {
    const cell = cellAt(days, { day: Math.floor(position / 24), hour: position % 24 });
    if (cell !== undefined && isSelectable(cell)) ids.push(cellId(cell.date, cell.hour));
  }
  return ids;
}

/** Toggles a group of hours: when every one is selected they are all removed, else they are all added. */
export function toggleHours(selection: Selection, ids: readonly string[]): Selection {
  if (ids.length === 0) return selection;
  const next = new Set(selection);
  if (ids.every((id) => selection.has(id))) for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/** Adds hours to a selection. */
export function addHours(selection: Selection, ids: readonly string[]): Selection {
  const next = new Set(selection);
  for (const id of ids) next.add(id);
  return next;
}

/** Every selectable hour of one day. */
export function hoursOfDay(days: readonly CalendarDay[], day: number): string[] {
  return (days[day]?.cells ?? []).filter(isSelectable).map((cell) => cellId(cell.date, cell.hour));
}

/**
 * The cursor after an arrow key: Left and Right step an hour (past midnight into the next or
 * previous day), Up and Down a day, Home and End go to the day's first and last hour. It stays
 * inside the calendar; other keys leave it where it is.
 */
export function moveCursor(cursor: CellRef, key: string, dayCount: number): CellRef {
  const last = dayCount * 24 - 1;
  const linear = cursor.day * 24 + cursor.hour;
  const at = (position: number): CellRef => {
    const clamped = Math.max(0, Math.min(last, position));
    return { day: Math.floor(clamped / 24), hour: clamped % 24 };
  };
  switch (key) {
    case 'ArrowLeft':
      return at(linear - 1);
    case 'ArrowRight':
      return at(linear + 1);
    case 'ArrowUp':
      return { day: Math.max(0, cursor.day - 1), hour: cursor.hour };
    case 'ArrowDown':
      return { day: Math.min(dayCount - 1, cursor.day + 1), hour: cursor.hour };
    case 'Home':
      return { day: cursor.day, hour: 0 };
    case 'End':
      return { day: cursor.day, hour: 23 };
    default:
      return cursor;
  }
}

/** Drops selected hours the calendar no longer shows or that lost their file (a new range, a deleted file). */
export function keepShown(selection: Selection, days: readonly CalendarDay[]): Selection {
  const shown = new Set(days.flatMap((day) => day.cells.filter(isSelectable).map((cell) => cellId(cell.date, cell.hour))));
  const kept = [...selection].filter((id) => shown.has(id));
  return kept.length === selection.size ? selection : new Set(kept);
}

/** What a selection would download: hours by key, and whole UTC days (every file of the day selected) by date. */
export interface DownloadPlan {
  /** Hours to download by key (outside whole days). */
  keys: string[];
  /** Days whose every file is selected and at least one would download or needs a key: counted, then downloaded, through the daily manifest. */
  wholeDays: string[];
  /** Selected hours that would download (whole days included). */
  downloadable: number;
  /** Selected hours already in the library. */
  local: number;
  /** Selected hours already queued or downloading. */
  inQueue: number;
  /** Selected hours that need an API key. */
  needsKey: number;
}

/** Splits a selection into what downloads (by key or by whole day) and what is skipped and why. */
export function downloadPlan(days: readonly CalendarDay[], selection: Selection): DownloadPlan {
  const plan: DownloadPlan = { keys: [], wholeDays: [], downloadable: 0, local: 0, inQueue: 0, needsKey: 0 };
  for (const day of days) {
    const chosen = day.cells.filter((cell) => selection.has(cellId(cell.date, cell.hour)));
    if (chosen.length === 0) continue;
    const wanted = chosen.filter(isDownloadable);
    for (const cell of chosen) {
      if (cell.state === 'local') plan.local++;
      else if (cell.state === 'queued' || cell.state === 'paused' || cell.state === 'downloading') plan.inQueue++;
      else if (cell.state === 'needs-key') plan.needsKey++;
    }
    plan.downloadable += wanted.length;
    // A gated day goes whole too: its manifest's refusal says what access it needs.
    const whole = chosen.length === day.cells.filter(isSelectable).length && chosen.some((cell) => isDownloadable(cell) || cell.state === 'needs-key');
    if (whole) plan.wholeDays.push(day.date);
    else for (const cell of wanted) if (cell.key !== null) plan.keys.push(cell.key);
  }
  return plan;
}

/** Keys of the files holding the selected hours in the library, each once (a whole-day file holds 24) (for Open, Replay, Export and Delete). */
export function selectedLocalKeys(days: readonly CalendarDay[], selection: Selection): string[] {
  const keys = days.flatMap((day) => day.cells.filter((cell) => cell.state === 'local' && cell.key !== null && selection.has(cellId(cell.date, cell.hour))).map((cell) => cell.key ?? ''));
  return [...new Set(keys)];
}
