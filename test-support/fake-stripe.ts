/**
 * A local stand-in for the Stripe API that speaks its wire format, for tests that point the official `stripe` SDK at
 * it (`host`/`port`/`protocol`): form-encoded bodies with bracket keys (`items[0][price]=…`), `Idempotency-Key`
 * replays, list objects with `limit`/`starting_after`/`has_more`, errors as `{ error: { type, message } }`, and
 * webhooks signed with the SDK's own signature scheme. It keeps only what the tests need: customers, products,
 * prices (lookup keys, volume tiers), subscriptions (quantity, proration) and the invoices they cause.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type StripeObject = Record<string, unknown> & { id: string; created: number };

/** `a[b][0][c]=v` form pairs into nested objects and arrays, the way Stripe reads them. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysFromIndexedObjects(root) as Record<string, unknown>;
}

function arraysFromIndexedObjects(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  if (entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k))) return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return Object.fromEntries(entries);
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

export interface FakeStripe {
  /** Options for `new Stripe(key, options)`. */
  sdkOptions: { host: string; port: number; protocol: 'http' };
  /** `STRIPE_API_URL` for the server's configuration. */
  url: string;
  objects(kind: 'customers' | 'products' | 'prices' | 'subscriptions' | 'invoices'): StripeObject[];
  /** Every request as received: method, path, parsed form body, idempotency key. */
  requests: Array<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }>;
  /** Sends an event to `url` signed with `secret` (Stripe-Signature header), as Stripe delivers webhooks. */
  sendWebhook(url: string, secret: string, type: string, object: StripeObject): Promise<Response>;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const store = { customers: [], products: [], prices: [], subscriptions: [], invoices: [] } as Record<string, StripeObject[]>;
  const idempotent = new Map<string, { status: number; body: string }>();
  const requests: FakeStripe['requests'] = [];
  const signer = new Stripe('sk_test_fake_signer');

  const find = (kind: string, id: string) => {
    const found = store[kind]?.find((o) => o.id === id);
    if (!found) throw new StripeFailure(404, `No such ${kind.slice(0, -1)}: '${id}'`);
    return found;
  };
  const insert = (kind: string, prefix: string, fields: Record<string, unknown>) => {
    const object = { id: newId(prefix), object: kind.slice(0, -1), created: now(), livemode: false, metadata: {}, ...fields } as StripeObject;
    store[kind]?.push(object);
    return object;
  };

  /** Stripe's list object with cursor pagination (newest first). */
  function list(url: URL, kind: string, filter: (o: StripeObject) => boolean) {
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 10), 100);
    const all = (store[kind] ?? []).filter(filter).slice().reverse();
    const after = url.searchParams.get('starting_after');
    const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    return { object: 'list', url: `/v1/${kind}`, has_more: start + limit < all.length, data };
  }

  function invoiceFor(subscription: StripeObject, amount: number, reason: string) {
    return insert('invoices', 'in', {
      customer: subscription.customer,
      subscription: subscription.id,
      status: 'open',
      currency: 'eur',
      amount_due: amount,
      total: amount,
      billing_reason: reason,
      collection_method: subscription.collection_method ?? 'charge_automatically',
    });
  }

  /** Volume tiers: the flat amount of the tier the quantity falls in. */
  function amountOf(price: StripeObject, quantity: number): number {
    if (price.billing_scheme !== 'tiered') return Number(price.unit_amount ?? 0) * quantity;
    const tiers = price.tiers as Array<{ up_to: number | null; flat_amount: number; unit_amount: number }>;
    const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to);
    if (!tier) throw new StripeFailure(400, `Quantity ${quantity} is outside every tier of ${price.id}`);
    return tier.flat_amount + tier.unit_amount * quantity;
  }

  function periodEndAfter(start: number, price: StripeObject): number {
    const date = new Date(start * 1000);
    if ((price.recurring as { interval: string }).interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  function route(method: string, url: URL, body: Record<string, unknown>): unknown {
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', kind, id?, action?]
    const [, kind, id, action] = parts;
    if (method === 'POST' && kind === 'customers' && !id) return insert('customers', 'cus', { name: body.name, email: body.email ?? null, metadata: body.metadata ?? {} });
    if (method === 'DELETE' && kind === 'customers' && id) {
      find('customers', id);
      store.customers = store.customers?.filter((c) => c.id !== id) ?? [];
      return { id, object: 'customer', deleted: true };
    }
    if (method === 'POST' && kind === 'products' && !id) return insert('products', 'prod', { name: body.name, active: true });
    if (method === 'POST' && kind === 'prices' && !id) {
      if (body.lookup_key && store.prices?.some((p) => p.lookup_key === body.lookup_key)) {
        throw new StripeFailure(400, `A price (\`${body.lookup_key as string}\`) already uses that lookup key.`);
      }
      const tiers = ((body.tiers as Array<Record<string, string>> | undefined) ?? []).map((t) => ({
        up_to: t.up_to === 'inf' ? null : Number(t.up_to),
        flat_amount: Number(t.flat_amount ?? 0),
        unit_amount: Number(t.unit_amount ?? 0),
      }));
      return insert('prices', 'price', {
        product: body.product,
        currency: body.currency,
        lookup_key: body.lookup_key ?? null,
        billing_scheme: body.billing_scheme ?? 'per_unit',
        tiers_mode: body.tiers_mode ?? null,
        tiers,
        unit_amount: body.unit_amount === undefined ? null : Number(body.unit_amount),
        recurring: { interval: (body.recurring as { interval?: string } | undefined)?.interval ?? 'month' },
        active: true,
      });
    }
    if (method === 'GET' && kind === 'prices' && !id) {
      const keys = url.searchParams.getAll('lookup_keys[]').concat(url.searchParams.getAll('lookup_keys[0]'));
      return list(url, 'prices', (p) => keys.length === 0 || keys.includes(String(p.lookup_key)));
    }
    if (method === 'POST' && kind === 'subscriptions' && !id) {
      find('customers', String(body.customer));
      const items = (body.items as Array<{ price: string; quantity?: string }> | undefined) ?? [];
      if (items.length === 0) throw new StripeFailure(400, 'Missing required param: items.');
      const start = now();
      const data = items.map((item) => {
        const price = find('prices', item.price);
        return { id: newId('si'), object: 'subscription_item', price, quantity: Number(item.quantity ?? 1), current_period_start: start, current_period_end: periodEndAfter(start, price) };
      });
      const subscription = insert('subscriptions', 'sub', {
        customer: body.customer,
        status: 'active',
        cancel_at_period_end: false,
        collection_method: body.collection_method ?? 'charge_automatically',
        metadata: body.metadata ?? {},
        items: { object: 'list', data, has_more: false },
      });
      invoiceFor(subscription, data.reduce((sum, item) => sum + amountOf(item.price, item.quantity), 0), 'subscription_create');
      return subscription;
    }
    if (kind === 'subscriptions' && id && method === 'GET') return find('subscriptions', id);
    if (kind === 'subscriptions' && id && method === 'POST' && !action) {
      const subscription = find('subscriptions', id);
      const data = (subscription.items as { data: Array<{ id: string; price: StripeObject; quantity: number; current_period_start: number; current_period_end: number }> }).data;
      for (const change of (body.items as Array<{ id: string; quantity?: string }> | undefined) ?? []) {
        const item = data.find((i) => i.id === change.id);
        if (!item) throw new StripeFailure(400, `Invalid subscription item: ${change.id}`);
        const before = amountOf(item.price, item.quantity);
        item.quantity = Number(change.quantity ?? item.quantity);
        const after = amountOf(item.price, item.quantity);
        // Proration: the difference for the rest of the period, as an invoice of its own.
        if (body.proration_behavior === 'always_invoice' || body.proration_behavior === 'create_prorations') {
          const share = (item.current_period_end - now()) / (item.current_period_end - item.current_period_start);
          invoiceFor(subscription, Math.round((after - before) * share), 'subscription_update');
        }
      }
      if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
      if (body.metadata) subscription.metadata = { ...(subscription.metadata as object), ...(body.metadata as object) };
      return subscription;
    }
    if (kind === 'subscriptions' && id && method === 'DELETE') {
      const subscription = find('subscriptions', id);
      subscription.status = 'canceled';
      subscription.canceled_at = now();
      return subscription;
    }
    if (method === 'GET' && kind === 'invoices' && !id) {
      const customer = url.searchParams.get('customer');
      return list(url, 'invoices', (i) => !customer || i.customer === customer);
    }
    throw new StripeFailure(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  function respond(response: ServerResponse, status: number, body: string) {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    if (request.headers['content-type'] && raw && !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
      respond(response, 400, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Stripe takes form-encoded bodies.' } }));
      return;
    }
    const body = parseStripeForm(raw);
    requests.push({ method, path: url.pathname, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_')) {
      respond(response, 401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      response.setHeader('idempotent-replayed', 'true');
      respond(response, replay.status, replay.body);
      return;
    }
    let status = 200;
    let answer: string;
    try {
      answer = JSON.stringify(route(method, url, body));
    } catch (error) {
      const failure = error instanceof StripeFailure ? error : new StripeFailure(500, String(error), 'api_error');
      status = failure.status;
      answer = JSON.stringify({ error: { type: failure.type, message: failure.message } });
    }
    if (replayKey) idempotent.set(replayKey, { status, body: answer });
    respond(response, status, answer);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => respond(response, 500, JSON.stringify({ error: { type: 'api_error', message: String(error) } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    sdkOptions: { host: '127.0.0.1', port, protocol: 'http' },
    url: `http://127.0.0.1:${port}`,
    objects: (kind) => store[kind] ?? [],
    requests,
    async sendWebhook(target, secret, type, object) {
      const payload = JSON.stringify({ id: newId('evt'), object: 'event', type, created: now(), api_version: Stripe.API_VERSION, data: { object } });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
