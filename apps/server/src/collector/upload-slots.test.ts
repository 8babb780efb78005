import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ProblemError } from '../http/problem';
import { SNAPSHOT_PARTS_AT_ONCE, UploadSlots } from './upload-slots';

// The slots as the upload routes' onRequest hooks use them: a request of a client, its answer's close releasing it.

interface Call {
  request: FastifyRequest;
  reply: FastifyReply;
  headers: Record<string, string>;
  /** The connection closes (answer sent or request aborted): the slot is free again. */
  close: () => void;
}

function call(clientId: string): Call {
  const headers: Record<string, string> = {};
  const request = { tenant: { clientId }, raw: new EventEmitter() } as unknown as FastifyRequest;
  const reply = { raw: new EventEmitter(), header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply;
  return { request, reply, headers, close: () => (reply.raw as unknown as EventEmitter).emit('close') };
}

async function take(hook: UploadSlots['acquire'], clientId: string): Promise<Call> {
  const next = call(clientId);
  await hook(next.request, next.reply);
  return next;
}

async function refused(hook: UploadSlots['acquire'], clientId: string): Promise<Record<string, string>> {
  const next = call(clientId);
  const error = await hook(next.request, next.reply).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ProblemError);
  expect(error).toMatchObject({ statusCode: 503 });
  return next.headers;
}

describe('UploadSlots', () => {
  it(`lets ${SNAPSHOT_PARTS_AT_ONCE} parts of a client's snapshot run at once, and refuses one more with 503 and Retry-After`, async () => {
    const slots = new UploadSlots(2);
    const parts = await Promise.all(Array.from({ length: SNAPSHOT_PARTS_AT_ONCE }, () => take(slots.acquirePart, 'kunde-a')));
    expect(await refused(slots.acquirePart, 'kunde-a')).toMatchObject({ 'retry-after': '30' });
    parts[0]?.close();
    await take(slots.acquirePart, 'kunde-a');
  });

  it("never runs a client's parts beside another upload of the same client (a change batch, a snapshot's begin)", async () => {
    const slots = new UploadSlots(4);
    const part = await take(slots.acquirePart, 'kunde-a');
    await refused(slots.acquire, 'kunde-a');
    part.close();
    const changes = await take(slots.acquire, 'kunde-a');
    await refused(slots.acquirePart, 'kunde-a');
    await refused(slots.acquire, 'kunde-a');
    changes.close();
    await take(slots.acquirePart, 'kunde-a');
  });

  it("counts clients against the instance's limit: a client's parts share its slot until the last one ends", async () => {
    const slots = new UploadSlots(1);
    const [first, second] = [await take(slots.acquirePart, 'kunde-a'), await take(slots.acquirePart, 'kunde-a')];
    await refused(slots.acquire, 'kunde-b');
    await refused(slots.acquirePart, 'kunde-b');
    first.close();
    // Closing twice (answer sent and request closed) frees a slot once.
    first.close();
    await refused(slots.acquirePart, 'kunde-b');
    second.close();
    await take(slots.acquire, 'kunde-b');
  });
});
