import { saveEmailSettings } from '../apps/server/src/mail/email-settings';
import type { TestApp } from './test-app';

/** Gives a provider its own SMTP server (a local catcher) and sender, as the provider settings page would. */
export function configureProviderSmtp(test: TestApp, providerId: string, sender: { port: number; fromName: string; fromAddress: string }) {
  return saveEmailSettings(test.database.db, test.services.secrets, providerId, {
    enabled: true,
    settings: {
      host: '127.0.0.1',
      port: sender.port,
      secure: false,
      authMethod: 'none',
      basicAuth: { user: '' },
      oauth2Auth: { tenantId: '', clientId: '', tokenUrl: '', scope: '' },
      fromName: sender.fromName,
      fromAddress: sender.fromAddress,
      template1Html: '',
      template2Html: '',
      subject1: '',
      subject2: '',
    },
  } as Parameters<typeof saveEmailSettings>[3]);
}
