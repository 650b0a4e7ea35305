import { z } from 'zod';

// Payloads of the `files.*` channels. In the Electron app the renderer never names a path: the
// main process grants files it trusts (its open dialog, a drop read by the preload, the library)
// and the renderer refers to them by id.

/** The opaque id of a granted file; it stands for a path the renderer never sends. */
export const fileIdSchema = z.string().min(1).max(100);

/** A file the renderer may use: its id, its name without the folder, and its size in bytes. */
export const fileGrantSchema = z.object({ fileId: fileIdSchema, name: z.string(), bytes: z.number().int().nonnegative() });

/** A granted file. */
export type FileGrant = z.infer<typeof fileGrantSchema>;

/** The files one call granted, in the order given (none when the dialog was cancelled). */
export const fileGrantsSchema = z.object({ files: z.array(fileGrantSchema) });

/** Files granted by one call. */
export type FileGrants = z.infer<typeof fileGrantsSchema>;

const filePathSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => !path.includes('\0'), 'a file path cannot contain a NUL character');

/** Full paths of files on the machine that runs the services. */
export const filePathsInput = z.object({ paths: z.array(filePathSchema).min(1).max(10_000) });

/**
 * What the renderer passes to `files.grantDropped`: the DOM `File`s of a drop. The preload turns
 * them into the channel's `{ paths }`; the renderer has no way to name a path itself.
 */
export type DroppedFiles = readonly File[];
