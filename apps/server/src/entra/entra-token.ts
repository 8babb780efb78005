import { randomUUID } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { certificateThumbprint } from './entra-certificate';
import { serverConfiguredFetch } from '../http/outgoing';

export interface EntraCredentials {
  applicationId: string;
  tenantId: string;
  privateKeyPem: string;
  certificatePem: string;
}

export type TokenResult = { ok: true; accessToken: string } | { ok: false; message: string };

const TIMEOUT_MS = 15_000;

export function tokenEndpoint(authorityUrl: string, tenantId: string): string {
  return `${authorityUrl.replace(/\/$/, '')}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
}

/** Client assertion (RFC 7523) signed with the client's certificate key, as Entra ID expects it. */
export async function clientAssertion(credentials: EntraCredentials, audience: string): Promise<string> {
  const key = await importPKCS8(credentials.privateKeyPem, 'RS256');
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', x5t: certificateThumbprint(credentials.certificatePem) })
    .setIssuer(credentials.applicationId)
    .setSubject(credentials.applicationId)
    .setAudience(audience)
    .setJti(randomUUID())
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime('10m')
    .sign(key);
}

/** Client-credentials token for Microsoft Graph; failures come back as a German message, never thrown. */
export async function fetchGraphToken(credentials: EntraCredentials, authorityUrl: string, graphBaseUrl: string): Promise<TokenResult> {
  const endpoint = tokenEndpoint(authorityUrl, credentials.tenantId);
  const form = new URLSearchParams({
    client_id: credentials.applicationId,
    scope: `${graphBaseUrl.replace(/\/$/, '')}/.default`,
    grant_type: 'client_credentials',
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: await clientAssertion(credentials, endpoint),
  });
  let response: Response;
  try {
    response = await serverConfiguredFetch(endpoint, { method: 'POST', body: form, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    // Node's own reason ("fetch failed", a timeout) is English and says nothing the user can act on.
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { ok: false, message: timedOut ? 'Der Anmeldedienst von Entra ID hat nicht rechtzeitig geantwortet. Bitte später erneut versuchen.' : 'Der Anmeldedienst von Entra ID ist nicht erreichbar. Bitte Netzwerk und ENTRA_AUTHORITY_URL prüfen.' };
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown; error_description?: unknown };
  if (response.ok && typeof body.access_token === 'string') return { ok: true, accessToken: body.access_token };
  // error_description of Entra starts with an AADSTS code that helps the customer find the cause.
  const detail = typeof body.error_description === 'string' ? body.error_description.split('\n')[0] : typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  return { ok: false, message: `Entra ID hat die Anmeldung abgelehnt: ${detail}` };
}
