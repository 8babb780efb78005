import type { AppEnvironment, RuntimeConfigAnswer } from '@burgwall/shared';
import { apiUrl } from './api-base';

export type AppEnv = AppEnvironment;

let loaded: Promise<AppEnv> | null = null;

/** APP_ENV of the installation, from the server's runtime config (fetched once). */
export function loadAppEnv(): Promise<AppEnv> {
  loaded ??= fetch(apiUrl('/api/runtime-config'), { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<RuntimeConfigAnswer>) : { appEnv: 'selfhosted' as const }))
    .then((config) => config.appEnv)
    .catch(() => {
      loaded = null;
      return 'selfhosted' as const;
    });
  return loaded;
}

/** SPEC §5: next/dev need next_user, demo needs demo_user, prod forbids next_user, selfhosted checks nothing. */
export function environmentMatches(appEnv: AppEnv, roles: readonly string[]): boolean {
  switch (appEnv) {
    case 'next':
    case 'dev':
      return roles.includes('next_user');
    case 'demo':
      return roles.includes('demo_user');
    case 'prod':
      return !roles.includes('next_user');
    case 'selfhosted':
      return true;
  }
}
