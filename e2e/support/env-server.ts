import { type ExtraServer, startExtraServer } from './extra-server';

export type EnvServer = ExtraServer;

/** A further server with its own seeded database and the given APP_ENV, for the environment rules. */
export function startEnvServer(appEnv: string, port: number): Promise<EnvServer> {
  return startExtraServer(port, { APP_ENV: appEnv }, { seedE2eUsers: true, name: `server for APP_ENV=${appEnv}` });
}
