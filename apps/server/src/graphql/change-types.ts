import { type ChangeRow, findChanges } from '../changes/change-queries';
import { assertClientAccess, pageSize } from './access';
import { builder, PageInfo } from './builder';
import { CursorError } from './cursor';
import { TimeOrderEnum } from './time-order-type';
import { createGraphQLError } from 'graphql-yoga';

export const Change = builder.objectRef<ChangeRow>('Change').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    objectGuid: t.exposeString('objectGuid'),
    objectClass: t.exposeString('objectClass'),
    distinguishedName: t.exposeString('distinguishedName'),
    propertyName: t.exposeString('propertyName'),
    oldValue: t.exposeString('oldValue', { nullable: true }),
    newValue: t.exposeString('newValue', { nullable: true }),
    timestamp: t.expose('timestamp', { type: 'DateTime' }),
    isIoa: t.exposeBoolean('isIoa'),
    isIoe: t.exposeBoolean('isIoe'),
    directory: t.exposeString('directory', { description: "'ad' or 'entra' (a difference between two Entra ID collections)" }),
    originatingDsa: t.exposeString('originatingDsa', { nullable: true, description: "DN of the originating DC's NTDS Settings (replication metadata); null when unknown" }),
    version: t.exposeInt('version', { nullable: true, description: "The attribute's version (dwVersion of the replication metadata); null when unknown" }),
  }),
});

const ChangeConnection = builder
  .objectRef<{ nodes: ChangeRow[]; endCursor: string | null; hasNextPage: boolean }>('ChangeConnection')
  .implement({
    fields: (t) => ({
      nodes: t.expose('nodes', { type: [Change] }),
      pageInfo: t.field({ type: PageInfo, resolve: (page) => page }),
    }),
  });

const ChangeFilter = builder.inputType('ChangeFilter', {
  fields: (t) => ({
    objectGuid: t.string(),
    search: t.string({ description: 'Substring of the object DN' }),
    propertyName: t.string(),
    from: t.field({ type: 'DateTime' }),
    to: t.field({ type: 'DateTime' }),
    isIoa: t.boolean(),
    isIoe: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  /** Change history, search and an object's timeline (filter.objectGuid), newest first unless `order` says otherwise. */
  changes: t.field({
    type: ChangeConnection,
    args: {
      clientId: t.arg.id({ required: true }),
      filter: t.arg({ type: ChangeFilter }),
      first: t.arg.int(),
      after: t.arg.string(),
      order: t.arg({ type: TimeOrderEnum, defaultValue: 'NEWEST_FIRST' }),
    },
    resolve: async (_root, args, context) => {
      const clientId = await assertClientAccess(context, String(args.clientId));
      if (args.filter?.objectGuid && !/^[0-9a-f-]{36}$/.test(args.filter.objectGuid)) {
        throw createGraphQLError('Die Objekt-GUID im Filter muss eine GUID in Kleinbuchstaben sein.', { extensions: { code: 'validation-failed' } });
      }
      try {
        return await findChanges(context.services.db, clientId, args.filter ?? {}, pageSize(args.first), args.after ?? null, args.order ?? 'NEWEST_FIRST');
      } catch (error) {
        if (error instanceof CursorError) throw createGraphQLError(error.message, { extensions: { code: 'validation-failed' } });
        throw error;
      }
    },
  }),
}));
