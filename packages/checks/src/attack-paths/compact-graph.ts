import { EDGE_TYPES, type EdgeType } from './edge-types';

export type NodeKind = 'user' | 'computer' | 'group' | 'principal' | 'ou' | 'container' | 'gpo' | 'domain' | 'adminsdholder' | 'template';

export interface NodeAttributes {
  kind: NodeKind;
  name: string;
  distinguishedName: string | null;
  /** objectGUID where known (links to the explorer), else the SID or DN. */
  objectKey: string;
  /** A seed of Tier 0 (well-known privileged SID, DC, krbtgt, AdminSDHolder, domain head, DC/domain GPOs, extras). */
  tier0Seed: boolean;
}

const EDGE_TYPE_ID = new Map(EDGE_TYPES.map((type, id) => [type, id]));

/** An Int32Array that grows by doubling (edges arrive one by one while the graph is built). */
class IntList {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/**
 * A simple directed graph over flat arrays: nodes by insertion order (attributes in parallel arrays), edges as
 * (from, to, type) triples in insertion order, at most one edge per ordered pair. A million-object domain has about
 * two million edges; as graphology objects (a map per node and an object per edge) that took gigabytes, as arrays it
 * takes tens of megabytes.
 */
export class ControlGraph {
  readonly keys: string[] = [];
  readonly kinds: NodeKind[] = [];
  readonly names: string[] = [];
  readonly distinguishedNames: (string | null)[] = [];
  readonly objectKeys: string[] = [];
  readonly tier0Seeds: boolean[] = [];
  readonly #ids = new Map<string, number>();
  readonly #from = new IntList();
  readonly #to = new IntList();
  readonly #types = new IntList();
  /** Open-addressing set of the edges' (from, to) pairs: slot holds edge id + 1, 0 = empty. */
  #slots: Int32Array;

  /** `expectedEdges` sizes the pair set (it still grows beyond). */
  constructor(expectedEdges = 1024) {
    let slots = 4096;
    while (slots < expectedEdges * 2) slots *= 2;
    this.#slots = new Int32Array(slots);
  }

  /** Number of nodes. */
  get order(): number {
    return this.keys.length;
  }

  /** Number of edges. */
  get size(): number {
    return this.#from.length;
  }

  /** The node's id, or -1. */
  idOf(key: string): number {
    return this.#ids.get(key) ?? -1;
  }

  hasNode(key: string): boolean {
    return this.#ids.has(key);
  }

  kindOf(key: string): NodeKind | undefined {
    const id = this.#ids.get(key);
    return id === undefined ? undefined : this.kinds[id];
  }

  /** Adds a node or, when it exists, replaces its attributes; returns its id. */
  setNode(key: string, attributes: NodeAttributes): number {
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.#ids.set(key, id);
      this.keys.push(key);
      this.kinds.push(attributes.kind);
      this.names.push(attributes.name);
      this.distinguishedNames.push(attributes.distinguishedName);
      this.objectKeys.push(attributes.objectKey);
      this.tier0Seeds.push(attributes.tier0Seed);
    } else {
      this.kinds[id] = attributes.kind;
      this.names[id] = attributes.name;
      this.distinguishedNames[id] = attributes.distinguishedName;
      this.objectKeys[id] = attributes.objectKey;
      this.tier0Seeds[id] = attributes.tier0Seed;
    }
    return id;
  }

  attributes(id: number): NodeAttributes {
    return { kind: this.kinds[id] as NodeKind, name: this.names[id] as string, distinguishedName: this.distinguishedNames[id] ?? null, objectKey: this.objectKeys[id] as string, tier0Seed: this.tier0Seeds[id] === true };
  }

  /** Out-degree of a node, counted (only needed for a handful of well-known groups). */
  outDegree(key: string): number {
    const id = this.#ids.get(key);
    if (id === undefined) return 0;
    let count = 0;
    for (let e = 0; e < this.#from.length; e++) if (this.#from.values[e] === id) count++;
    return count;
  }

  #slotOf(from: number, to: number): number {
    const mask = this.#slots.length - 1;
    let slot = (Math.imul(from, 0x9e3779b1) ^ Math.imul(to + 0x7f4a7c15, 0x85ebca77)) & mask;
    for (;;) {
      const held = this.#slots[slot] as number;
      if (held === 0 || (this.#from.values[held - 1] === from && this.#to.values[held - 1] === to)) return slot;
      slot = (slot + 1) & mask;
    }
  }

  hasEdge(from: number, to: number): boolean {
    return this.#slots[this.#slotOf(from, to)] !== 0;
  }

  /** Adds the edge from → to unless the pair has one already (the first reason found is kept). */
  addEdge(from: number, to: number, type: EdgeType): void {
    if (from === to) return;
    const slot = this.#slotOf(from, to);
    if (this.#slots[slot] !== 0) return;
    this.#from.push(from);
    this.#to.push(to);
    this.#types.push(EDGE_TYPE_ID.get(type) as number);
    this.#slots[slot] = this.#from.length;
    // Kept at most half full, so probes stay short.
    if (this.#from.length * 2 > this.#slots.length) this.#rehash();
  }

  #rehash(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    for (let e = 0; e < this.#from.length; e++) this.#slots[this.#slotOf(this.#from.values[e] as number, this.#to.values[e] as number)] = e + 1;
  }

  /** The edges as arrays (views, no copies): sources, targets and indices into EDGE_TYPES. */
  edges(): { from: Int32Array; to: Int32Array; types: Int32Array } {
    const n = this.#from.length;
    return { from: this.#from.values.subarray(0, n), to: this.#to.values.subarray(0, n), types: this.#types.values.subarray(0, n) };
  }
}
