import { X509Certificate, createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importX509, jwtVerify } from 'jose';

/** An app registration of the fake tenant: the certificate the customer uploaded. */
export interface FakeAppRegistration {
  applicationId: string;
  certificatePem: string;
}

export interface FakeEntra {
  url: string;
  /** tenantId → app registration ("the customer uploads the certificate"). */
  registrations: Map<string, FakeAppRegistration>;
  users: Record<string, unknown>[];
  /** Request lines the Graph part received (path + query), for assertions. */
  graphRequests: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real HTTP server playing the Entra ID token endpoint and Microsoft Graph: it verifies the client
 * assertion (signature with the registered certificate, x5t thumbprint, iss/sub/aud) like Entra does.
 */
export async function startFakeEntra(port = 0): Promise<FakeEntra> {
  const registrations = new Map<string, FakeAppRegistration>();
  const issuedTokens = new Set<string>();
  const graphRequests: string[] = [];
  const users: Record<string, unknown>[] = [
    { id: 'u-1', displayName: 'Anna Schmidt', userPrincipalName: 'anna@kunde.onmicrosoft.com', jobTitle: 'IT-Leitung' },
    { id: 'u-2', displayName: 'Ben Weber', userPrincipalName: 'ben@kunde.onmicrosoft.com', jobTitle: 'Buchhaltung' },
  ];
  let base = '';

  const tokenError = (description: string) => ({ status: 400, body: { error: 'invalid_client', error_description: description } });

  async function issueToken(tenantId: string, form: URLSearchParams): Promise<{ status: number; body: unknown }> {
    const registration = registrations.get(tenantId);
    if (!registration) return tokenError(`AADSTS90002: Tenant '${tenantId}' not found.`);
    if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return tokenError('AADSTS7000216: client_assertion_type missing.');
    if (form.get('client_id') !== registration.applicationId) return tokenError(`AADSTS700016: Application '${form.get('client_id')}' not found.`);
    if (form.get('scope') !== `${base}/.default`) return { status: 400, body: { error: 'invalid_scope' } };
    const assertion = form.get('client_assertion') ?? '';
    const thumbprint = createHash('sha1').update(new X509Certificate(registration.certificatePem).raw).digest('base64url');
    try {
      if (decodeProtectedHeader(assertion).x5t !== thumbprint) return tokenError('AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.');
      await jwtVerify(assertion, await importX509(registration.certificatePem, 'RS256'), {
        issuer: registration.applicationId,
        subject: registration.applicationId,
        audience: `${base}/${tenantId}/oauth2/v2.0/token`,
        algorithms: ['RS256'],
      });
    } catch (error) {
      return tokenError(`AADSTS700027: Client assertion failed signature validation. (${(error as Error).message})`);
    }
    const token = randomBytes(24).toString('hex');
    issuedTokens.add(token);
    return { status: 200, body: { token_type: 'Bearer', expires_in: 3599, access_token: token } };
  }

  function graph(request: IncomingMessage): { status: number; body: unknown } {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!issuedTokens.has(token)) return { status: 401, body: { error: { code: 'InvalidAuthenticationToken' } } };
    const url = new URL(request.url ?? '/', base);
    graphRequests.push(`${url.pathname}${url.search}`);
    if (url.pathname !== '/v1.0/users' && url.pathname !== '/beta/users') return { status: 404, body: { error: { code: 'Request_ResourceNotFound' } } };
    const select = url.searchParams.get('$select')?.split(',');
    const value = select ? users.map((user) => Object.fromEntries(select.map((key) => [key, user[key] ?? null]))) : users;
    return { status: 200, body: { '@odata.context': `${base}${url.pathname}`, value } };
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(request.url ?? '');
      const result =
        request.method === 'POST' && tokenPath
          ? await issueToken(decodeURIComponent(tokenPath[1] ?? ''), new URLSearchParams(await readBody(request)))
          : graph(request);
      response.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    registrations,
    users,
    graphRequests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
