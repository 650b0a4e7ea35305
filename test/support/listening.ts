/** Whether anything still answers HTTP at a base URL (its `/health`), within two seconds. */
export async function answers(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}
