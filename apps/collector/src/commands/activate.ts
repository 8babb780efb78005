import type { CollectorConfig } from '../config';
import { machineCode } from '../machine-code';
import type { ApiClient } from '../upload/api-client';

export interface LicenseResponse {
  subscriptionStatus: string;
  currentPeriodEnd: string | null;
  username: string | null;
  password: string | null;
  mode: string;
  sleepForMs: number;
}

/** `activate`: activates the key, then asks for the licence so the key is bound to this machine. */
export async function activate(config: CollectorConfig, api: ApiClient, print: (line: string) => void): Promise<LicenseResponse> {
  const activation = await api.request<{ subscriptionStatus: string; mode: string; sleepForMs: number }>('POST', 'license/activate', {});
  const license = await api.request<LicenseResponse>('POST', 'license', { machineCode: config.machineCode ?? machineCode() });
  print(`Collector aktiviert: Lizenz ${activation.subscriptionStatus}, Modus ${license.mode}`);
  return license;
}
