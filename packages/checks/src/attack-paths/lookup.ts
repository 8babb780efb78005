import type { AttackPathLookup, PathSummary } from '../attacks/types';
import { type AttackPathResult, describePath } from './analyse';

/** The IoA detectors' view of an analysis: a principal's shortest path by objectGUID, SID or DN (case-insensitive). */
export function attackPathLookup(result: AttackPathResult): AttackPathLookup {
  const byKey = new Map<string, PathSummary>();
  for (const { principal, steps } of result.principals) {
    const hop = steps[0]?.to;
    const firstHop = hop ? [hop.objectKey, hop.key, hop.distinguishedName].flatMap((key) => (key ? [key.toLowerCase()] : [])) : [];
    const entry = { length: steps.length, description: describePath(steps), firstHop };
    for (const key of [principal.objectKey, principal.key, principal.distinguishedName]) if (key) byKey.set(key.toLowerCase(), entry);
  }
  const tier0 = new Set(result.tier0Keys.map((key) => key.toLowerCase()));
  return { pathOf: (key) => byKey.get(key.toLowerCase()) ?? null, isTier0: (key) => tier0.has(key.toLowerCase()) };
}
