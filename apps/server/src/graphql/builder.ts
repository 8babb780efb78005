import SchemaBuilder from '@pothos/core';
import type { Principal } from '../auth/principal';
import type { Services } from '../services';

/** Every resolver gets the caller (Bearer token + x-hasura-role, checked) and the services. */
export interface GraphqlContext {
  principal: Principal;
  services: Services;
}

export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
  };
}>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  description: 'ISO 8601 date and time',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError(`Invalid DateTime "${String(value)}"`);
    return date;
  },
});

builder.scalarType('JSON', {
  serialize: (value) => value,
  parseValue: (value) => value,
});

export const PageInfo = builder.objectRef<{ endCursor: string | null; hasNextPage: boolean }>('PageInfo').implement({
  fields: (t) => ({
    endCursor: t.exposeString('endCursor', { nullable: true }),
    hasNextPage: t.exposeBoolean('hasNextPage'),
  }),
});
