import { ConfidentialClientApplication, ServerError } from '@azure/msal-node';
import type { OutgoingPolicy } from '../http/outgoing';
import { certificateThumbprintSha256 } from './entra-certificate';
import { msalNetworkModule } from './msal-network';

export interface EntraCredentials {
  applicationId: string;
  tenantId: string;
  privateKeyPem: string;
  certificatePem: string;
}

/** Where a client's Entra ID is reached: the server's configured authority and Graph, under its outgoing policy. */
export interface EntraEndpoints {
  authorityUrl: string;
  graphBaseUrl: string;
  outgoing: OutgoingPolicy;
}

export type TokenResult = { ok: true; accessToken: string } | { ok: false; message: string };

/** Client-credentials token for Microsoft Graph; failures come back as a German message, never thrown. */
export async function fetchGraphToken(credentials: EntraCredentials, endpoints: EntraEndpoints): Promise<TokenResult> {
  const authorityUrl = endpoints.authorityUrl.replace(/\/$/, '');
  const authority = `${authorityUrl}/${encodeURIComponent(credentials.tenantId)}`;
  const application = new ConfidentialClientApplication({
    auth: {
      clientId: credentials.applicationId,
      authority,
      // The configured authority (Microsoft's, a sovereign cloud's, the tests' fake) is trusted as it is, with its
      // endpoints given here: no instance discovery, no metadata document that could name a token endpoint elsewhere,
      // and an unknown tenant is refused by the token endpoint with Entra's own AADSTS reason.
      knownAuthorities: [new URL(authorityUrl).host],
      authorityMetadata: JSON.stringify({
        token_endpoint: `${authority}/oauth2/v2.0/token`,
        authorization_endpoint: `${authority}/oauth2/v2.0/authorize`,
        issuer: `${authority}/v2.0`,
        jwks_uri: `${authority}/discovery/v2.0/keys`,
      }),
      clientCertificate: { thumbprintSha256: certificateThumbprintSha256(credentials.certificatePem, 'hex'), privateKey: credentials.privateKeyPem },
    },
    system: { networkClient: msalNetworkModule(authorityUrl, endpoints.outgoing) },
  });
  try {
    const result = await application.acquireTokenByClientCredential({ scopes: [`${endpoints.graphBaseUrl.replace(/\/$/, '')}/.default`], skipCache: true });
    if (result?.accessToken) return { ok: true, accessToken: result.accessToken };
    return { ok: false, message: 'Entra ID hat kein Zugriffstoken geliefert.' };
  } catch (error) {
    // error_description of Entra starts with an AADSTS code that helps the customer find the cause.
    if (error instanceof ServerError) return { ok: false, message: `Entra ID hat die Anmeldung abgelehnt: ${entraReason(error)}` };
    // msal's and Node's own reasons (network_error, fetch failed) are English and say nothing the user can act on.
    return { ok: false, message: 'Der Anmeldedienst von Entra ID ist nicht erreichbar. Bitte Netzwerk und ENTRA_AUTHORITY_URL prüfen.' };
  }
}

/**
 * Entra's error_description (first line: "AADSTS700027: …") out of msal's composed message
 * ("Error(s): … - Timestamp: … - Description: … - Correlation ID: … - Trace ID: …").
 */
function entraReason(error: ServerError): string {
  const description = /Description: ([\s\S]*?) - Correlation ID:/.exec(error.errorMessage)?.[1];
  return (description ?? error.errorMessage ?? error.errorCode).split(/\r?\n/)[0]?.trim() || error.errorCode;
}

/** The server's Entra endpoints from its configuration. */
export function entraEndpoints(services: { config: { ENTRA_AUTHORITY_URL: string; GRAPH_BASE_URL: string }; outgoing: OutgoingPolicy }): EntraEndpoints {
  return { authorityUrl: services.config.ENTRA_AUTHORITY_URL, graphBaseUrl: services.config.GRAPH_BASE_URL, outgoing: services.outgoing };
}
