import { ioaDetectors } from '@burgwall/checks/attacks';
import { type ExpressionBuilder } from 'kysely';
import { createGraphQLError } from 'graphql-yoga';
import type { Database } from '../db/schema';
import { containsPattern } from '../changes/change-queries';
import { pageSize } from './access';
import { builder, PageInfo } from './builder';
import { CursorError, decodeCursor, encodeCursor } from './cursor';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

interface AdminIoaRow {
  clientId: string;
  clientName: string;
  eventId: string;
  detector: string;
  severity: string;
  title: string;
  distinguishedName: string;
  occurredAt: Date;
}

const AdminIoaEvent = builder.objectRef<AdminIoaRow>('AdminIoaEvent').implement({
  fields: (t) => ({
    clientId: t.exposeID('clientId'),
    clientName: t.exposeString('clientName'),
    eventId: t.exposeID('eventId'),
    detector: t.exposeString('detector'),
    detectorTitle: t.string({ resolve: (row) => ioaDetectors.find((d) => d.slug === row.detector)?.title ?? row.detector }),
    severity: t.exposeString('severity'),
    title: t.exposeString('title'),
    distinguishedName: t.exposeString('distinguishedName'),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
  }),
});

const AdminIoaConnection = builder
  .objectRef<{ nodes: AdminIoaRow[]; endCursor: string | null; hasNextPage: boolean }>('AdminIoaConnection')
  .implement({
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [AdminIoaEvent] }),
      pageInfo: t.field({ type: PageInfo, resolve: (page) => page }),
    }),
  });

builder.queryFields((t) => ({
  /** /admin/attacks: IoA events of every tenant, newest first (admins only). */
  adminIoaEvents: t.field({
    type: AdminIoaConnection,
    args: { first: t.arg.int(), after: t.arg.string(), severity: t.arg.string(), search: t.arg.string() },
    resolve: async (_root, args, context) => {
      if (context.principal.role !== 'admin') {
        throw createGraphQLError('Nur Administratoren dürfen Angriffe über alle Kunden auflisten.', { extensions: { code: 'access-denied' } });
      }
      const first = pageSize(args.first);
      let query = context.services.db
        .selectFrom('ioa_event_index as e')
        .innerJoin('client as c', 'c.client_id_pk', 'e.client_fk')
        .select(['e.client_fk', 'c.client_name', 'e.ioa_event_fk', 'e.detector', 'e.severity', 'e.title', 'e.distinguished_name', 'e.occurred_at']);
      if (args.severity) {
        const severity = SEVERITIES.find((value) => value === args.severity);
        if (!severity) throw createGraphQLError(`Die Schwere muss einer dieser Werte sein: ${SEVERITIES.join(', ')}.`, { extensions: { code: 'validation-failed' } });
        query = query.where('e.severity', '=', severity);
      }
      if (args.search) {
        const pattern = containsPattern(args.search);
        query = query.where((eb) => eb.or([eb('c.client_name', 'ilike', pattern), eb('e.title', 'ilike', pattern)]));
      }
      if (args.after) {
        let key;
        try {
          key = decodeCursor(args.after);
        } catch (error) {
          if (error instanceof CursorError) throw createGraphQLError(error.message, { extensions: { code: 'validation-failed' } });
          throw error;
        }
        // Event ids are per client, so the cursor orders by time and the global index's own row order.
        query = query.where((eb: ExpressionBuilder<Database & { e: Database['ioa_event_index'] }, 'e'>) =>
          eb(eb.refTuple('e.occurred_at', 'e.ioa_event_fk'), '<', eb.tuple(key.time, key.id)),
        );
      }
      const rows = await query.orderBy('e.occurred_at', 'desc').orderBy('e.ioa_event_fk', 'desc').limit(first + 1).execute();
      const nodes = rows.slice(0, first).map((row) => ({
        clientId: row.client_fk,
        clientName: row.client_name,
        eventId: row.ioa_event_fk,
        detector: row.detector,
        severity: row.severity,
        title: row.title,
        distinguishedName: row.distinguished_name,
        occurredAt: row.occurred_at,
      }));
      const last = nodes.at(-1);
      return { nodes, endCursor: last ? encodeCursor({ time: last.occurredAt, id: last.eventId }) : null, hasNextPage: rows.length > first };
    },
  }),
}));
