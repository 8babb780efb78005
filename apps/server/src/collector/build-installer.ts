import { issueCollectorKey } from './collector-keys';
import { buildInstallerZip } from './installer';
import type { Db } from '../db/database';

export interface Installer {
  fileName: string;
  zip: Buffer;
}

/** The client's file name part: letters, digits and dashes only, so every browser and file system keeps it. */
function fileNamePart(clientName: string): string {
  return clientName.normalize('NFKD').replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'Kunde';
}

/**
 * The client's installer: the collector with a config prefilled with server URL, client id and a fresh collector key
 * (issued per download; the key exists in clear text only inside this zip).
 */
export async function buildInstaller(db: Db, serverUrl: string, clientId: string, issuedByUserId: string | null = null): Promise<Installer | undefined> {
  const client = await db
    .selectFrom('client')
    .select(['client_name', 'client_mode'])
    .where('client_id_pk', '=', clientId)
    .executeTakeFirst();
  if (!client) return undefined;
  const { key } = await issueCollectorKey(db, clientId, issuedByUserId);
  const zip = await buildInstallerZip({
    serverUrl,
    clientId,
    apiKey: key,
    clientName: client.client_name,
    mode: client.client_mode,
  });
  return { fileName: `burgwall-collector-${fileNamePart(client.client_name)}.zip`, zip };
}
