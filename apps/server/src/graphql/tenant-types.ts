import { clientDb } from '../db/client-db';
import type { ClientMode } from '../db/schema';
import { canAccessProvider, principalMaySeeClient } from '../auth/tenant-access';
import { clientSchemaName, isClientId } from '../db/client-schema';
import { builder, type GraphqlContext } from './builder';
import { executePrepared } from '../db/prepared';
import { sql } from 'kysely';

interface ClientShape {
  client_id_pk: string;
  client_name: string;
  client_mode: ClientMode;
  client_address: string | null;
  client_initialized: boolean;
  client_billing_cycle: string;
  /** Both lists below, read once for the client object (the web's client query asks for both). */
  lists?: Promise<ClientLists>;
}

interface ClientLists {
  status_collector: Array<{ version: string | null }>;
  domains: Array<{ domain_name: string; domain_entra_plan: string | null }>;
}

/** The client's status_collector and domain rows in one query of its own schema (after the access check). */
function listsOf(client: ClientShape, db: GraphqlContext['services']['db']): Promise<ClientLists> {
  // Raw SQL is not rewritten by withSchema: the tables are named with the client's schema (a checked UUID).
  const table = (name: string) => sql.table(`${clientSchemaName(client.client_id_pk)}.${name}`);
  client.lists ??= clientDb(db, client.client_id_pk)
    .selectNoFrom([
      sql<ClientLists['status_collector']>`(SELECT coalesce(json_agg(json_build_object('version', version)), '[]'::json) FROM ${table('status_collector')})`.as('status_collector'),
      sql<ClientLists['domains']>`(SELECT coalesce(json_agg(json_build_object('domain_name', domain_name, 'domain_entra_plan', domain_entra_plan) ORDER BY domain_name), '[]'::json) FROM ${table('domain')})`.as(
        'domains',
      ),
    ])
    .executeTakeFirstOrThrow();
  return client.lists;
}

const StatusCollector = builder.objectRef<{ version: string | null }>('status_collector').implement({
  fields: (t) => ({ version: t.exposeString('version', { nullable: true }) }),
});

const Domain = builder.objectRef<{ domain_name: string; domain_entra_plan: string | null }>('domain').implement({
  fields: (t) => ({
    domain_name: t.exposeString('domain_name'),
    domain_entra_plan: t.exposeString('domain_entra_plan', { nullable: true }),
  }),
});

const Client = builder.objectRef<ClientShape>('client').implement({
  fields: (t) => ({
    client_id_pk: t.exposeID('client_id_pk'),
    client_name: t.exposeString('client_name'),
    client_mode: t.exposeString('client_mode'),
    client_address: t.exposeString('client_address', { nullable: true }),
    client_initialized: t.exposeBoolean('client_initialized'),
    client_billing_cycle: t.exposeString('client_billing_cycle'),
    status_collector: t.field({
      type: [StatusCollector],
      resolve: async (client, _args, context) => (await listsOf(client, context.services.db)).status_collector,
    }),
    domains: t.field({
      type: [Domain],
      resolve: async (client, _args, context) => (await listsOf(client, context.services.db)).domains,
    }),
  }),
});

const Serviceprovider = builder
  .objectRef<{ serviceprovider_id_pk: string; serviceprovider_name: string }>('serviceprovider')
  .implement({
    fields: (t) => ({
      serviceprovider_id_pk: t.exposeID('serviceprovider_id_pk'),
      serviceprovider_name: t.exposeString('serviceprovider_name'),
    }),
  });

builder.queryFields((t) => ({
  /** SPEC §7: the client query by client_id_pk (null for unknown or foreign clients). */
  client_by_pk: t.field({
    type: Client,
    nullable: true,
    args: { client_id_pk: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const clientId = String(args.client_id_pk);
      if (!isClientId(clientId)) return null;
      // The row and the access check in one query: the provider of the client decides (SPEC §6).
      const [row] = await executePrepared(
        context.services.db,
        context.services.db
          .selectFrom('client')
          .select(['client_id_pk', 'serviceprovider_fk', 'client_name', 'client_mode', 'client_address', 'client_initialized', 'client_billing_cycle'])
          .where('client_id_pk', '=', clientId),
      );
      return row && principalMaySeeClient(context.principal, row) ? row : null;
    },
  }),
  /** SPEC §7: the service provider query by id. */
  serviceprovider_by_pk: t.field({
    type: Serviceprovider,
    nullable: true,
    args: { serviceprovider_id_pk: t.arg.id({ required: true }) },
    resolve: async (_root, args, context) => {
      const providerId = String(args.serviceprovider_id_pk);
      if (!/^[0-9a-f-]{36}$/.test(providerId) || !canAccessProvider(context.principal, providerId)) return null;
      const row = await context.services.db
        .selectFrom('serviceprovider')
        .select(['serviceprovider_id_pk', 'serviceprovider_name'])
        .where('serviceprovider_id_pk', '=', providerId)
        .executeTakeFirst();
      return row ?? null;
    },
  }),
}));
