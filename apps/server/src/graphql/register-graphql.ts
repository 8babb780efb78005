import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { useServer } from 'graphql-ws/use/ws';
import { type DocumentNode, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import type { Principal } from '../auth/principal';
import { findSessionById } from '../auth/session-store';
import { SubscriptionWatch } from './subscription-watch';
import { publicUrl, type Services } from '../services';
import type { GraphqlContext } from './builder';
import { ARMOR_TOO_LARGE, GRAPHQL_LIMITS, armorValidationRules, graphqlArmorPlugins, operationTimeLimitPlugin, validateWithArmor } from './armor';
import { graphqlContextFromHeaders, headersFromConnectionParams } from './http-context';
import { graphqlSchema } from './schema';

/** Hasura's path, which existing GraphQL clients of the product expect. */
export const GRAPHQL_PATH = '/v1/graphql';

/**
 * GraphQL over HTTP (graphql-yoga in Fastify) and subscriptions over WebSocket (graphql-ws, subprotocol
 * graphql-transport-ws) at GRAPHQL_PATH. Both authenticate like the REST API: Bearer token + x-hasura-role.
 */
export function registerGraphql(app: FastifyInstance, services: Services): void {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema: graphqlSchema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    logging: false,
    maskedErrors: true,
    // Same origin only: the web app is served by this server; no other site may send credentialed requests.
    cors: { origin: [new URL(publicUrl(services.config)).origin], credentials: true },
    plugins: [...graphqlArmorPlugins(), operationTimeLimitPlugin(services.config.GRAPHQL_TIME_LIMIT_MS)],
    context: ({ req }) => graphqlContextFromHeaders(services, req.headers),
  });

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      // A whole answer as a buffer, so compression sees its size (small ones stay as they are); an incremental one
      // (multipart, event stream) as the stream it is.
      const whole = /json/.test(response.headers.get('content-type') ?? '');
      reply.send(whole ? Buffer.from(await response.arrayBuffer()) : response.body);
      return reply;
    },
  });

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== GRAPHQL_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  const watch = new SubscriptionWatch(async (sessionId) => (await findSessionById(services.db, sessionId)) !== undefined);
  const server = useServer<Record<string, unknown>, { principal: Principal }>(
    {
      schema: graphqlSchema,
      // Headers travel in connection_init (browsers cannot set headers on a WebSocket); read fresh per connection.
      onConnect: async (ctx) => {
        try {
          const context = await graphqlContextFromHeaders(services, headersFromConnectionParams(ctx.connectionParams));
          ctx.extra.principal = context.principal;
          const socket = ctx.extra.socket;
          const unwatch = watch.watch(context.principal, (code, reason) => socket.close(code, reason));
          socket.once('close', unwatch);
          return true;
        } catch (error) {
          // Not instanceof: graphql-yoga and graphql may resolve to different copies of GraphQLError.
          const status = (error as { extensions?: { http?: { status?: number } } }).extensions?.http?.status;
          if (status === 401) ctx.extra.socket.close(4401, 'Unauthorized');
          return false; // 4403 Forbidden
        }
      },
      context: (ctx): GraphqlContext => ({ principal: ctx.extra.principal as Principal, services }),
      // The HTTP path's limits (graphql-armor) for operations sent over the WebSocket too.
      onSubscribe: (_ctx, _id, payload) => {
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: GRAPHQL_LIMITS.maxTokens });
        } catch (error) {
          return [error instanceof GraphQLError ? new GraphQLError(ARMOR_TOO_LARGE) : new GraphQLError(String(error))];
        }
        const errors = validateWithArmor(() => validate(graphqlSchema, document, [...specifiedRules, ...armorValidationRules()]));
        return errors.length > 0 ? errors : undefined;
      },
    },
    wss,
  );

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    watch.dispose();
    await server.dispose();
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}
