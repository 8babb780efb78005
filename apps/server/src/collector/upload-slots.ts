import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../http/problem';

/**
 * How many parts of one snapshot a collector may send at once (announced in the begin answer, `partsAtOnce`). Two:
 * PostgreSQL stores a part on one core while the server reads the next on the other — sent one after the other, the
 * 1M-object upload kept one PostgreSQL backend busy and the machine's two cores ~70 % busy (bench/README.md).
 */
export const SNAPSHOT_PARTS_AT_ONCE = 2;

/**
 * Bounds how many uploads are decompressed and parsed at once — one per client (or up to `SNAPSHOT_PARTS_AT_ONCE`
 * parts of its snapshot), a few clients overall — so parallel large (or hostile) uploads cannot exhaust the server's
 * memory. A refused upload gets 503 with Retry-After; the collector keeps the batch in its spool and sends it again.
 */
export class UploadSlots {
  /** Per client: how many of its uploads run, and whether they are snapshot parts (which may run beside each other). */
  readonly #busyClients = new Map<string, { count: number; parts: boolean }>();
  #busy = 0;

  constructor(private readonly maxConcurrent: number) {}

  /** Fastify onRequest hook of an upload that runs alone for its client (change batches, a snapshot's begin). */
  readonly acquire = (request: FastifyRequest, reply: FastifyReply): Promise<void> => this.#take(request, reply, false);

  /**
   * The parts route's hook: parts of a client's snapshot beside each other (never beside another upload of the
   * client — a change batch is applied to the stored objects and must not interleave with a snapshot's storing). The
   * instance's slots count clients: a second part shares its client's slot, as parts are streamed in bounded memory
   * (only whole-snapshot uploads are read into memory at once).
   */
  readonly acquirePart = (request: FastifyRequest, reply: FastifyReply): Promise<void> => this.#take(request, reply, true);

  async #take(request: FastifyRequest, reply: FastifyReply, part: boolean): Promise<void> {
    const clientId = request.tenant.clientId;
    const client = this.#busyClients.get(clientId);
    const clientFull = client !== undefined && (!part || !client.parts || client.count >= SNAPSHOT_PARTS_AT_ONCE);
    if (clientFull || (client === undefined && this.#busy >= this.maxConcurrent)) {
      reply.header('retry-after', '30');
      throw new ProblemError(503, 'Der Server verarbeitet gerade andere Übertragungen. Der Collector sendet die Daten in Kürze erneut.');
    }
    if (client) client.count++;
    else {
      this.#busyClients.set(clientId, { count: 1, parts: part });
      this.#busy++;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const held = this.#busyClients.get(clientId);
      if (held && held.count > 1) {
        held.count--;
        return;
      }
      this.#busyClients.delete(clientId);
      this.#busy--;
    };
    reply.raw.once('close', release);
    request.raw.once('close', release);
  }
}
