import { licenseStateSchema } from '@burgwall/shared';
import type { ApiApp } from '../http/api-app';
import type { Services } from '../services';
import { licenseCheckConfig, readLicenseState } from './license-check';

/** GET /selfhosted/license (user scope): the installation's licence state for the web's banner and read-only mode. */
export function registerLicenseStateRoute(app: ApiApp, services: Services): void {
  const check = licenseCheckConfig(services.config);
  app.get(
    '/selfhosted/license',
    {
      schema: {
        summary: 'Lizenzstatus dieser Installation lesen',
        description:
          'Self-hosted: Ergebnis der letzten Lizenzprüfung (gültig, Kulanzzeit, schreibgeschützt) mit deutschem Hinweis. Ohne Lizenzprüfung (SaaS) „not-required“.',
        response: { 200: licenseStateSchema },
      },
    },
    async () => readLicenseState(services.db, check),
  );
}
