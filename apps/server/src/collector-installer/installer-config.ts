/**
 * The configuration file every installer carries (`burgwall-collector.json`).
 * The collector reads it with `burgwall-collector run --config burgwall-collector.json`.
 */
export interface CollectorInstallerConfig {
  /** Format version of this file. */
  version: 1;
  /** The server's PUBLIC_URL, without trailing slash. */
  serverUrl: string;
  clientId: string;
  clientName: string;
  /** monitoring, audit or quickcheck */
  mode: string;
  /** One-time activation key: POST /client/{clientId}/collector/license/activate with it. */
  activationKey: string;
  createdAt: string;
}

export const INSTALLER_CONFIG_FILE = 'burgwall-collector.json';
