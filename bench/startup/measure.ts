import { loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/database';
import { createServices } from '../../apps/server/src/services';

export interface Timing {
  median: number;
  p99: number;
  max: number;
  /** The status codes seen, e.g. "200×20". */
  status: string;
}

/** `rounds` sequential GETs after two warm-up requests. */
export async function measure(url: string, headers: Record<string, string>, rounds = 30): Promise<Timing> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < rounds + 2; i += 1) {
    const begin = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (i < 2) continue;
    times.push(performance.now() - begin);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  return { median: at(0.5), p99: at(0.99), max: times.at(-1) as number, status: [...statuses].map(([code, n]) => `${code}×${n}`).join(' ') };
}

/** Signs tokens with the installation's own key (the same database and APP_SECRET as the server under test). */
async function tokens(db: Db, appSecret: string, port: number) {
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SEED_DEMO: 'false', APP_SECRET: appSecret });
  return (await createServices(config, db)).tokens;
}

export async function issueProviderToken(db: Db, appSecret: string, port: number, providerId: string): Promise<Record<string, string>> {
  const token = await (await tokens(db, appSecret, port)).issue({ userId: '00000000-0000-4000-8000-000000000001', email: 'bench@example.com', roles: ['serviceprovider'], orgId: providerId }, 3600);
  return { authorization: `Bearer ${token}`, 'x-hasura-role': 'serviceprovider' };
}

export async function issueAdminToken(db: Db, appSecret: string, port: number): Promise<Record<string, string>> {
  const token = await (await tokens(db, appSecret, port)).issue({ userId: '00000000-0000-4000-8000-000000000002', email: 'admin@example.com', roles: ['admin'], orgId: null }, 3600);
  return { authorization: `Bearer ${token}`, 'x-hasura-role': 'admin' };
}
