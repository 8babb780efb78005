import type { ControlGraph, NodeKind } from './control-graph';
import { EDGE_TEXT, EDGE_TYPES, type EdgeType } from './edge-types';

export interface PathNode {
  key: string;
  kind: NodeKind;
  name: string;
  distinguishedName: string | null;
  objectKey: string;
}

export interface PathStep {
  from: PathNode;
  to: PathNode;
  type: EdgeType;
}

export interface PrincipalPath {
  principal: PathNode;
  /** Steps from the principal to the first Tier-0 object. */
  steps: PathStep[];
}

export interface BestCut {
  step: PathStep;
  /** Principals that lose every path to Tier 0 when this edge (and the cuts before it) are removed. */
  disconnects: number;
  remediation: string;
}

export interface AttackPathResult {
  nodeCount: number;
  edgeCount: number;
  tier0Count: number;
  /** Node keys (SIDs, DN keys) and objectKeys of every Tier-0 object. */
  tier0Keys: string[];
  /** Non-Tier-0 users, computers and groups with a path to Tier 0, shortest path first. */
  principals: PrincipalPath[];
  cuts: BestCut[];
}

export interface AnalyseOptions {
  /** How many cuts the greedy search proposes (default 5). */
  maxCuts?: number;
  /** How many of the most used edges each greedy round tries (default 8). */
  candidatesPerRound?: number;
}

const PRINCIPAL_KINDS = new Set<NodeKind>(['user', 'computer', 'group']);
/** Edges that make their source part of Tier 0 rather than a path to it (a member of Domain Admins is Tier 0). */
const IDENTITY_EDGES = new Set<number>((['MemberOf', 'SIDHistory'] as const).map((type) => EDGE_TYPES.indexOf(type)));

/** The graph with its incoming edges indexed: the reverse BFS runs many times for the best cut. */
interface Compact {
  keys: readonly string[];
  kinds: readonly NodeKind[];
  names: readonly string[];
  distinguishedNames: readonly (string | null)[];
  objectKeys: readonly string[];
  tier0Seeds: readonly boolean[];
  from: Int32Array;
  to: Int32Array;
  /** Indices into EDGE_TYPES. */
  types: Int32Array;
  /** Incoming edge ids of node n: inEdges[inStart[n] .. inStart[n + 1]). */
  inStart: Int32Array;
  inEdges: Int32Array;
}

function compact(graph: ControlGraph): Compact {
  const { from, to, types } = graph.edges();
  const nodes = graph.order;
  const e = from.length;
  const inStart = new Int32Array(nodes + 1);
  for (let edge = 0; edge < e; edge++) inStart[(to[edge] as number) + 1]! += 1;
  for (let n = 0; n < nodes; n++) inStart[n + 1] = (inStart[n] as number) + (inStart[n + 1] as number);
  const fill = inStart.slice(0, nodes);
  const inEdges = new Int32Array(e);
  for (let edge = 0; edge < e; edge++) {
    const target = to[edge] as number;
    inEdges[fill[target] as number] = edge;
    fill[target] = (fill[target] as number) + 1;
  }
  return { keys: graph.keys, kinds: graph.kinds, names: graph.names, distinguishedNames: graph.distinguishedNames, objectKeys: graph.objectKeys, tier0Seeds: graph.tier0Seeds, from, to, types, inStart, inEdges };
}

/** Tier 0: the seeds plus everything that is them by membership or sIDHistory (transitively). */
function tier0Closure(g: Compact): Uint8Array {
  const tier0 = new Uint8Array(g.keys.length);
  const queue: number[] = [];
  g.tier0Seeds.forEach((seed, n) => {
    if (seed) {
      tier0[n] = 1;
      queue.push(n);
    }
  });
  for (let head = 0; head < queue.length; head++) {
    const n = queue[head] as number;
    for (let i = g.inStart[n] as number; i < (g.inStart[n + 1] as number); i++) {
      const edge = g.inEdges[i] as number;
      const source = g.from[edge] as number;
      if (!tier0[source] && IDENTITY_EDGES.has(g.types[edge] as number)) {
        tier0[source] = 1;
        queue.push(source);
      }
    }
  }
  return tier0;
}

/** The arrays of one search; the best-cut search reuses three sets instead of allocating 3 × 4 bytes × nodes per try. */
interface Search {
  distance: Int32Array;
  next: Int32Array;
  queue: Int32Array;
}

const newSearch = (nodes: number): Search => ({ distance: new Int32Array(nodes), next: new Int32Array(nodes), queue: new Int32Array(nodes) });

/**
 * Multi-source reverse BFS from Tier 0 into `into`: for each node the length of its shortest path and the first edge
 * of it (-1 = none). Edges flagged in `removed` are skipped (the best-cut search; a flag array, as this runs per
 * candidate).
 */
function shortestPaths(g: Compact, tier0: Uint8Array, removed: Uint8Array, into: Search): Search {
  const { distance, next, queue } = into;
  distance.fill(-1);
  next.fill(-1);
  let tail = 0;
  for (let n = 0; n < g.keys.length; n++) {
    if (tier0[n]) {
      distance[n] = 0;
      queue[tail++] = n;
    }
  }
  for (let head = 0; head < tail; head++) {
    const n = queue[head] as number;
    for (let i = g.inStart[n] as number; i < (g.inStart[n + 1] as number); i++) {
      const edge = g.inEdges[i] as number;
      const source = g.from[edge] as number;
      if (distance[source] !== -1 || removed[edge]) continue;
      distance[source] = (distance[n] as number) + 1;
      next[source] = edge;
      queue[tail++] = source;
    }
  }
  return into;
}

function countConnected(g: Compact, tier0: Uint8Array, distance: Int32Array): number {
  let count = 0;
  for (let n = 0; n < g.keys.length; n++) if (!tier0[n] && distance[n]! > 0 && PRINCIPAL_KINDS.has(g.kinds[n] as NodeKind)) count++;
  return count;
}

/**
 * Who can reach Tier 0, by which shortest chain, and which edges to remove first: a greedy search that removes, round
 * by round, the edge whose removal disconnects the most principals (trying the edges most shortest paths use).
 */
export function analyseAttackPaths(graph: ControlGraph, options: AnalyseOptions = {}): AttackPathResult {
  const g = compact(graph);
  const tier0 = tier0Closure(g);
  const pathNode = (n: number): PathNode => ({ key: g.keys[n] as string, kind: g.kinds[n] as NodeKind, name: g.names[n] as string, distinguishedName: g.distinguishedNames[n] ?? null, objectKey: g.objectKeys[n] as string });
  const typeOf = (edge: number) => EDGE_TYPES[g.types[edge] as number] as EdgeType;
  const step = (edge: number): PathStep => ({ from: pathNode(g.from[edge] as number), to: pathNode(g.to[edge] as number), type: typeOf(edge) });
  const pathEdges = (n: number, next: Int32Array): number[] => {
    const edges: number[] = [];
    for (let current = n; !tier0[current]; current = g.to[next[current] as number] as number) edges.push(next[current] as number);
    return edges;
  };

  const removed = new Uint8Array(g.from.length);
  const nodes = g.keys.length;
  const { distance, next } = shortestPaths(g, tier0, removed, newSearch(nodes));
  const starts: number[] = [];
  for (let n = 0; n < g.keys.length; n++) if (!tier0[n] && distance[n]! > 0 && PRINCIPAL_KINDS.has(g.kinds[n] as NodeKind)) starts.push(n);
  starts.sort((a, b) => (distance[a] as number) - (distance[b] as number) || ((g.names[a] as string) < (g.names[b] as string) ? -1 : 1));
  const principals = starts.map((n) => ({ principal: pathNode(n), steps: pathEdges(n, next).map(step) }));

  const cuts: BestCut[] = [];
  let current: Search = { distance, next, queue: new Int32Array(0) };
  // Two spare sets: the best try of a round and the next try; the sets swap instead of being allocated per try.
  let spare = newSearch(nodes);
  let trial = newSearch(nodes);
  let connected = starts.length;
  for (let round = 0; round < (options.maxCuts ?? 5) && connected > 0; round++) {
    const usage = new Map<number, number>();
    for (let n = 0; n < g.keys.length; n++) {
      if (tier0[n] || current.distance[n]! <= 0 || !PRINCIPAL_KINDS.has(g.kinds[n] as NodeKind)) continue;
      for (const edge of pathEdges(n, current.next)) usage.set(edge, (usage.get(edge) ?? 0) + 1);
    }
    const candidates = [...usage].sort((a, b) => b[1] - a[1]).slice(0, options.candidatesPerRound ?? 8);
    let best: { edge: number; result: Search; left: number } | null = null;
    for (const [edge] of candidates) {
      removed[edge] = 1;
      const result = shortestPaths(g, tier0, removed, trial);
      removed[edge] = 0;
      const left = countConnected(g, tier0, result.distance);
      if (!best || left < best.left) {
        if (best) trial = best.result;
        else trial = spare;
        best = { edge, result, left };
      } else trial = result;
    }
    if (!best || best.left >= connected) break;
    removed[best.edge] = 1;
    const type = typeOf(best.edge);
    cuts.push({ step: step(best.edge), disconnects: connected - best.left, remediation: EDGE_TEXT[type].remediation });
    spare = current.queue.length > 0 ? current : newSearch(nodes);
    current = best.result;
    connected = best.left;
  }
  const tier0Keys: string[] = [];
  tier0.forEach((flag, n) => {
    if (flag) tier0Keys.push(g.keys[n] as string, g.objectKeys[n] as string);
  });
  return { nodeCount: g.keys.length, edgeCount: g.from.length, tier0Count: tier0Keys.length / 2, tier0Keys, principals, cuts };
}

/** A path in words: „alice —darf das Kennwort zurücksetzen von→ helpdesk —ist Mitglied von→ Domänen-Admins“. */
export function describePath(steps: readonly PathStep[]): string {
  if (steps.length === 0) return '';
  return steps.reduce((text, s) => `${text} —${EDGE_TEXT[s.type].verb}→ ${s.to.name}`, (steps[0] as PathStep).from.name);
}
