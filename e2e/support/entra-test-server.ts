import { type ExtraServer, startExtraServer } from './extra-server';

export type EntraTestServer = ExtraServer;

/** A further real server (demo data seeded) on a fresh database whose Entra ID and Graph calls go to `entraUrl`. */
export function startEntraTestServer(port: number, entraUrl: string): Promise<EntraTestServer> {
  return startExtraServer(port, { ENTRA_AUTHORITY_URL: entraUrl, GRAPH_BASE_URL: entraUrl }, { name: 'entra test server' });
}
