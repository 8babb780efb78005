import { clientDb } from '../db/client-db';
import type { ClientMode } from '../db/schema';
import { canAccessProvider } from '../auth/tenant-access';
import { assertClientAccess } from './access';
import { builder } from './builder';

interface ClientShape {
  client_id_pk: string;
  client_name: string;
  client_mode: ClientMode;
  client_address: string | null;
  client_initialized: boolean;
  client_billing_cycle: string;
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
      resolve: (client, _args, context) =>
        clientDb(context.services.db, client.client_id_pk).selectFrom('status_collector').select('version').execute(),
    }),
    domains: t.field({
      type: [Domain],
      resolve: (client, _args, context) =>
        clientDb(context.services.db, client.client_id_pk)
          .selectFrom('domain')
          .select(['domain_name', 'domain_entra_plan'])
          .orderBy('domain_name')
          .execute(),
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
      try {
        await assertClientAccess(context, clientId);
      } catch {
        return null;
      }
      return context.services.db
        .selectFrom('client')
        .select(['client_id_pk', 'client_name', 'client_mode', 'client_address', 'client_initialized', 'client_billing_cycle'])
        .where('client_id_pk', '=', clientId)
        .executeTakeFirstOrThrow();
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
