import { createRequire } from 'node:module';

export interface WellKnownEmailService {
  name: string;
  displayName: string;
  config: { host: string; port: number; secure: boolean };
}

interface RawService {
  description?: string;
  host?: string;
  port?: number;
  secure?: boolean;
}

const require = createRequire(import.meta.url);

/** nodemailer's list of well-known mail services (SPEC §3 "Well-known email service"), those with a host only. */
export const WELL_KNOWN_EMAIL_SERVICES: readonly WellKnownEmailService[] = Object.entries(
  require('nodemailer/lib/well-known/services.json') as Record<string, RawService>,
)
  .filter((entry): entry is [string, RawService & { host: string; port: number }] =>
    typeof entry[1].host === 'string' && typeof entry[1].port === 'number',
  )
  .map(([name, service]) => ({
    name,
    displayName: service.description ?? name,
    config: { host: service.host, port: service.port, secure: service.secure ?? false },
  }))
  .sort((a, b) => a.displayName.localeCompare(b.displayName, 'de'));
