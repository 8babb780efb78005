import type { Principal } from '../auth/principal';

/** How often live subscriptions are re-checked against their session (a removed or signed-out user drops out). */
export const SESSION_RECHECK_MS = 5_000;

/**
 * Close code when the token of a live socket expires. Not 4401: SPEC §8 makes the web give up on 4401, while an
 * expired token only needs a reconnect with a fresh one (the web's connectionParams fetch it from the session).
 */
export const TOKEN_EXPIRED_CLOSE_CODE = 4419;

interface Watched {
  principal: Principal;
  close(code: number, reason: string): void;
}

/**
 * Keeps live subscriptions authorised after their start: a socket closes with TOKEN_EXPIRED_CLOSE_CODE when its
 * access token expires (the client reconnects with a fresh token from its session) and with 4403 as soon as the token's session ended
 * (sign-out, password change, the user removed from the team — their sessions end with them).
 */
export class SubscriptionWatch {
  readonly #sockets = new Set<Watched>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly sessionIsActive: (sessionId: string) => Promise<boolean>,
    recheckMs = SESSION_RECHECK_MS,
  ) {
    this.#timer = setInterval(() => void this.recheck(), recheckMs);
    this.#timer.unref();
  }

  /** Watches a socket from its connection on; returns the function to stop watching (socket closed). */
  watch(principal: Principal, close: Watched['close']): () => void {
    const entry: Watched = { principal, close };
    this.#sockets.add(entry);
    const untilExpiry = principal.expiresAt * 1000 - Date.now();
    const expiry = setTimeout(() => this.end(entry, TOKEN_EXPIRED_CLOSE_CODE, 'Token abgelaufen'), Math.max(0, untilExpiry));
    expiry.unref();
    return () => {
      clearTimeout(expiry);
      this.#sockets.delete(entry);
    };
  }

  async recheck(): Promise<void> {
    for (const entry of [...this.#sockets]) {
      const { sessionId } = entry.principal;
      if (sessionId && !(await this.sessionIsActive(sessionId).catch(() => true))) this.end(entry, 4403, 'Sitzung beendet');
    }
  }

  dispose(): void {
    clearInterval(this.#timer);
    this.#sockets.clear();
  }

  private end(entry: Watched, code: number, reason: string): void {
    this.#sockets.delete(entry);
    entry.close(code, reason);
  }
}
