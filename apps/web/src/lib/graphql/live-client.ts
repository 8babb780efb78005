import { type Client, createClient } from 'graphql-ws';
import { sessionForConnection } from '../auth/auth-error';
import { notify } from '../notify';
import { GRAPHQL_RETRY, NON_RETRYABLE_CLOSE_CODES, retryDelayMs } from './graphql-errors';
import { graphqlHeaders, graphqlWsUrl } from './graphql-endpoint';

let client: Client | null = null;
let everConnected = false;
let warned = false;

function closeCode(event: unknown): number | undefined {
  return typeof event === 'object' && event !== null && 'code' in event ? Number((event as { code: unknown }).code) : undefined;
}

/**
 * The one WebSocket for subscriptions (graphql-transport-ws). It connects lazily (on the first subscription),
 * sends the session's Bearer token and x-hasura-role in connection_init (fetched fresh on every connect), retries
 * up to 3 times except for the refusal close codes, and shows one toast if it never managed to connect.
 */
export function liveClient(): Client {
  client ??= createClient({
    url: graphqlWsUrl(),
    lazy: true,
    retryAttempts: GRAPHQL_RETRY.maxAttempts,
    connectionParams: async () => ({ headers: graphqlHeaders(await sessionForConnection()) }),
    shouldRetry: (event) => {
      const code = closeCode(event);
      return code === undefined || !NON_RETRYABLE_CLOSE_CODES.includes(code);
    },
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries + 1))),
    on: {
      connected: () => {
        everConnected = true;
      },
      closed: () => {
        if (everConnected || warned) return;
        warned = true;
        notify({
          id: 'websocket-failed',
          type: 'error',
          title: 'Fehler beim Verbindungsaufbau',
          text: 'Konnte kein Websocket öffnen, vermutlich sind diese nicht unterstützt oder wurden blockiert',
        });
      },
    },
  });
  return client;
}
