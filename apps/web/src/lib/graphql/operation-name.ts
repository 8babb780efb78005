/** The name of a GraphQL document's operation (`query Changes(…)` → 'Changes'): the cache key mutations invalidate. */
export function operationName(document: string): string {
  const match = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(document);
  if (!match?.[1]) throw new Error('GraphQL-Dokument ohne Operationsnamen');
  return match[1];
}
