/**
 * A costly read that callers arriving while it runs share: fifty requests at once cost one build, not
 * fifty. Nothing is kept once it settles, so a caller that starts later always gets a fresh one.
 */
export function shareInFlight<T>(build: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  return () =>
    (running ??= build().finally(() => {
      running = undefined;
    }));
}
