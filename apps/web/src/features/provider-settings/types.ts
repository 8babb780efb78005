export interface ProviderView {
  serviceproviderId: string;
  serviceproviderName: string;
  whitelabel: { companyName: string | null; email: string | null; phone: string | null; hasLogo: boolean; isActive: boolean };
  quickcheck: { origin: string | null; privacy: string | null };
  customEmail: { enabled: boolean };
  clientCount: number;
  license: { subscriptionStatus: string; freeSeats: number; mode: string };
}

export interface EmailSettingsView {
  enabled: boolean;
  settings: {
    host: string;
    port: number;
    authMethod: 'basic' | 'oauth2' | 'none';
    basicAuth: { user: string; passwordSet: boolean };
    oauth2Auth: { tenantId: string; clientId: string; clientSecretSet: boolean; tokenUrl: string; scope: string; accessTokenSet: boolean };
    secure: boolean;
    fromName: string;
    fromAddress: string;
    template1Html: string;
    template2Html: string;
    subject1: string;
    subject2: string;
  };
}

export interface WellKnownService {
  name: string;
  displayName: string;
  config: { host: string; port: number; secure: boolean };
}
