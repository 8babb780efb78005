import { type ExtraServer, startExtraServer } from './extra-server';

export type EntraTestServer = ExtraServer;

/**
 * A further real server (demo data seeded) on a fresh database whose Entra ID and Graph calls go to a fake Entra:
 * `entraEnv` is the fake's `serverEnv` (its HTTPS URL, the CA file to trust, internal hosts allowed).
 */
export function startEntraTestServer(port: number, entraEnv: Record<string, string>): Promise<EntraTestServer> {
  // Migrations and the demo seed of a fresh database take more than a minute on a busy machine.
  return startExtraServer(port, entraEnv, { name: 'entra test server', startTimeoutMs: 110_000 });
}
