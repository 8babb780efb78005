import { ioaDetectors, type IoaSeverity } from '@burgwall/checks/attacks';
import { createGraphQLError, Repeater } from 'graphql-yoga';
import { findIoaEvents, type IoaEventRow, ioaEventsByIds, summariseIoaEvents } from '../ioa/ioa-queries';
import { assertClientAccess, pageSize } from './access';
import { builder, type GraphqlContext, PageInfo } from './builder';
import { CursorError } from './cursor';
import { TimeOrderEnum } from './time-order-type';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const Severity = builder.enumType('IoaSeverity', { values: SEVERITIES });

export const IoaEvent = builder.objectRef<IoaEventRow>('IoaEvent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    clientId: t.exposeID('clientId'),
    changeId: t.exposeID('changeId'),
    detector: t.exposeString('detector'),
    detectorTitle: t.string({ resolve: (event) => ioaDetectors.find((d) => d.slug === event.detector)?.title ?? event.detector }),
    severity: t.field({ type: Severity, resolve: (event) => event.severity }),
    title: t.exposeString('title'),
    evidence: t.expose('evidence', { type: 'JSON' }),
    objectGuid: t.exposeString('objectGuid'),
    distinguishedName: t.exposeString('distinguishedName'),
    occurredAt: t.expose('occurredAt', { type: 'DateTime' }),
  }),
});

const IoaEventConnection = builder
  .objectRef<{ nodes: IoaEventRow[]; endCursor: string | null; hasNextPage: boolean }>('IoaEventConnection')
  .implement({
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [IoaEvent] }),
      pageInfo: t.field({ type: PageInfo, resolve: (page) => page }),
    }),
  });

const IoaDetectorInfo = builder
  .objectRef<{ slug: string; title: string; description: string; severity: IoaSeverity }>('IoaDetector')
  .implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      severity: t.field({ type: Severity, resolve: (detector) => detector.severity }),
    }),
  });

const IoaSummary = builder
  .objectRef<{ detector: string; severity: IoaSeverity; count: number; lastOccurredAt: Date }>('IoaSummary')
  .implement({
    fields: (t) => ({
      detector: t.exposeString('detector'),
      severity: t.field({ type: Severity, resolve: (row) => row.severity }),
      count: t.exposeInt('count'),
      lastOccurredAt: t.expose('lastOccurredAt', { type: 'DateTime' }),
    }),
  });

builder.queryFields((t) => ({
  ioaDetectors: t.field({ type: [IoaDetectorInfo], resolve: () => [...ioaDetectors] }),
  /** The security log: IoA events, newest first unless `order` says otherwise. */
  ioaEvents: t.field({
    type: IoaEventConnection,
    args: {
      clientId: t.arg.id({ required: true }),
      severity: t.arg({ type: Severity }),
      detector: t.arg.string(),
      from: t.arg({ type: 'DateTime' }),
      to: t.arg({ type: 'DateTime' }),
      first: t.arg.int(),
      after: t.arg.string(),
      order: t.arg({ type: TimeOrderEnum, defaultValue: 'NEWEST_FIRST' }),
    },
    resolve: async (_root, args, context) => {
      const clientId = await assertClientAccess(context, String(args.clientId));
      try {
        return await findIoaEvents(context.services.db, clientId, args, pageSize(args.first), args.after ?? null, args.order ?? 'NEWEST_FIRST');
      } catch (error) {
        if (error instanceof CursorError) throw createGraphQLError(error.message, { extensions: { code: 'validation-failed' } });
        throw error;
      }
    },
  }),
  ioaSummary: t.field({
    type: [IoaSummary],
    args: { clientId: t.arg.id({ required: true }), since: t.arg({ type: 'DateTime', required: true }) },
    resolve: async (_root, args, context) => {
      const clientId = await assertClientAccess(context, String(args.clientId));
      return summariseIoaEvents(context.services.db, clientId, args.since);
    },
  }),
}));

/**
 * New IoA events of one client as they are stored on any server instance: the LISTEN/NOTIFY notice names ids,
 * each subscriber loads them from its own client's schema (never another tenant's).
 */
function liveIoaEvents(context: GraphqlContext, clientId: string): AsyncIterable<IoaEventRow> {
  return new Repeater<IoaEventRow>(async (push, stop) => {
    let delivery = Promise.resolve();
    const unsubscribe = await context.services.live.subscribe((notice) => {
      if (notice.kind !== 'ioa' || notice.clientId !== clientId) return;
      delivery = delivery
        .then(async () => {
          for (const event of await ioaEventsByIds(context.services.db, clientId, notice.ids)) await push(event);
        })
        .catch((error: unknown) => stop(error));
    });
    await stop;
    unsubscribe();
  });
}

builder.subscriptionType({
  fields: (t) => ({
    ioaEvents: t.field({
      type: IoaEvent,
      args: { clientId: t.arg.id({ required: true }) },
      subscribe: async (_root, args, context) => liveIoaEvents(context, await assertClientAccess(context, String(args.clientId))),
      resolve: (event) => event,
    }),
  }),
});
