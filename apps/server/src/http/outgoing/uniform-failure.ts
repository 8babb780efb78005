/**
 * Connection failures to tenant-chosen hosts all take the same time: a refused port answers in milliseconds, a
 * filtered or silent one only after the connect timeout, and that difference would let a tenant scan the server's
 * network through "Test-E-Mail senden". So every failure is held until the connect timeout has passed since the start.
 */
export async function withUniformFailureTime<T>(
  timeoutMs: number,
  attempt: () => Promise<T>,
  /** Which failures say something about reachability (an answer of a reached server, e.g. wrong password, does not). */
  isReachabilityFailure: (error: unknown) => boolean = () => true,
): Promise<T> {
  const startedAt = Date.now();
  try {
    return await attempt();
  } catch (error) {
    if (!isReachabilityFailure(error)) throw error;
    const remaining = startedAt + timeoutMs - Date.now();
    if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    throw error;
  }
}
