import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError } from '../http/problem';

/**
 * Bounds how many uploads are decompressed and parsed at once — one per client, a few overall — so parallel large
 * (or hostile) uploads cannot exhaust the server's memory. A refused upload gets 503 with Retry-After; the collector
 * keeps the batch in its spool and sends it again.
 */
export class UploadSlots {
  readonly #busyClients = new Set<string>();
  #busy = 0;

  constructor(private readonly maxConcurrent: number) {}

  /** Fastify onRequest hook of the upload routes; the slot is released when the answer is sent or the request aborted. */
  readonly acquire = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const clientId = request.tenant.clientId;
    if (this.#busyClients.has(clientId) || this.#busy >= this.maxConcurrent) {
      reply.header('retry-after', '30');
      throw new ProblemError(503, 'Der Server verarbeitet gerade andere Übertragungen. Der Collector sendet die Daten in Kürze erneut.');
    }
    this.#busyClients.add(clientId);
    this.#busy++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#busyClients.delete(clientId);
      this.#busy--;
    };
    reply.raw.once('close', release);
    request.raw.once('close', release);
  };
}
