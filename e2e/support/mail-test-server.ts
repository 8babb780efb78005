import { type ExtraServer, startExtraServer } from './extra-server';

export type MailTestServer = ExtraServer;

/**
 * A further real server on a fresh database whose platform mail goes to the
 * given SMTP URL (an smtp-server the test started), with a webhook secret set.
 */
export function startMailTestServer(port: number, smtpUrl: string): Promise<MailTestServer> {
  return startExtraServer(
    port,
    {
      SMTP_URL: smtpUrl,
      // The test's SMTP servers listen on loopback.
      OUTGOING_ALLOW_INTERNAL_HOSTS: 'true',
      MAIL_FROM: 'Burgwall <no-reply@burgwall.test>',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_tenant_flows',
    },
    { name: 'mail test server' },
  );
}
