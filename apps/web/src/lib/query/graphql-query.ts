import { type InfiniteData, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../graphql/graphql-query';

export interface Connection<Node> {
  nodes: Node[];
  pageInfo: { endCursor: string | null; hasNextPage: boolean };
}

/**
 * A cursor-paged GraphQL list (`first`/`after`) through the query cache: `pick` finds the connection in the answer,
 * „weitere laden“ is `fetchNextPage`. Retries are graphqlRequest's (SPEC §8: 1–15 s, 3 attempts), so none here.
 * A changed filter keeps the old rows on screen until the new ones arrive.
 */
export function useGraphqlConnection<Answer, Node>(operation: string, query: string, variables: Record<string, unknown>, pick: (answer: Answer) => Connection<Node>) {
  const result = useInfiniteQuery<Connection<Node>, Error, InfiniteData<Connection<Node>>, readonly unknown[], string | null>({
    queryKey: ['graphql', operation, variables],
    queryFn: async ({ pageParam }) => pick(await graphqlRequest<Answer>(query, { ...variables, after: pageParam })),
    initialPageParam: null,
    getNextPageParam: (last) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : undefined),
    placeholderData: keepPreviousData,
  });
  const rows = result.data?.pages.flatMap((page) => page.nodes) ?? [];
  return { ...result, rows, errorMessage: result.error ? result.error.message : undefined };
}
