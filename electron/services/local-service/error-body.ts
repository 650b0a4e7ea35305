/** The spec's error object (part 2.14): what went wrong and how to fix it. */
export interface ServiceErrorBody {
  error: { code: string; message: string; resolution: string };
}

/** Builds a spec 2.14 error body. */
export function serviceError(code: string, message: string, resolution: string): ServiceErrorBody {
  return { error: { code, message, resolution } };
}
