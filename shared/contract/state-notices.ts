import { z } from 'zod';

// What the app tells the user about its own state files (settings.json, downloads.json,
// library-index.json, and `.part` files it could not place) that it could not read: which file,
// where it was kept aside, why, and what that means for the user's work. Told once a run: in the
// UI and in the log.

/** One state file the app could not read, and what it did about it. */
export const stateNoticeSchema = z.object({
  /** The file's name (`settings.json`). */
  file: z.string(),
  /** Its full path. */
  path: z.string(),
  /** Where it was kept aside (`settings.json.unreadable-<time>`); null when it could not be moved or was not moved. */
  keptAs: z.string().nullable(),
  /** What was wrong (`it is a folder, not a file`). */
  reason: z.string(),
  /** What it means (`The app started with default settings; …`). */
  meaning: z.string(),
  /** When it was found, Unix ms. */
  at: z.number(),
});

/** One state file the app could not read. */
export type StateNotice = z.infer<typeof stateNoticeSchema>;

/** `app.notices`: what was set aside since the app started. */
export const stateNoticesSchema = z.object({ notices: z.array(stateNoticeSchema) });

/** What was set aside since the app started. */
export type StateNotices = z.infer<typeof stateNoticesSchema>;
