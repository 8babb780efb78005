/**
 * In-process notifications between features of one server instance (e.g.
 * "a snapshot was stored" -> evaluate the checks). Handlers run in order and
 * are awaited, so a request that stores data returns after its follow-up work.
 * Cross-instance delivery (live subscriptions) goes through PostgreSQL NOTIFY.
 */
export type DomainEvent =
  | { type: 'snapshot-stored'; clientId: string; snapshotId: string }
  | { type: 'changes-stored'; clientId: string; changeIds: string[] };

type Handler<T extends DomainEvent['type']> = (event: Extract<DomainEvent, { type: T }>) => Promise<void> | void;

export class DomainEvents {
  readonly #handlers = new Map<DomainEvent['type'], Handler<DomainEvent['type']>[]>();

  on<T extends DomainEvent['type']>(type: T, handler: Handler<T>): void {
    const list = this.#handlers.get(type) ?? [];
    list.push(handler as unknown as Handler<DomainEvent['type']>);
    this.#handlers.set(type, list);
  }

  async emit(event: DomainEvent): Promise<void> {
    for (const handler of this.#handlers.get(event.type) ?? []) {
      await handler(event as never);
    }
  }
}
