import { X509Certificate, createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importX509, jwtVerify } from 'jose';
import { fakeGraphTenant, type FakeGraphTenant } from './fake-graph-tenant';
import { createTestCa } from './test-ca';

/** An app registration of the fake tenant: the certificate the customer uploaded. */
export interface FakeAppRegistration {
  applicationId: string;
  certificatePem: string;
}

export interface FakeEntra {
  /** https://127.0.0.1:port — token endpoint and Graph, with a certificate of a CA made for this run. */
  url: string;
  /** PEM file of that CA: the server under test trusts it through OUTGOING_EXTRA_CA_FILE. */
  caFile: string;
  /** The server configuration that points Entra ID and Graph here (and lets the SSRF guard reach 127.0.0.1). */
  serverEnv: Record<string, string>;
  /** The tenant's directory as served; tests change it between two collections. */
  tenant: FakeGraphTenant;
  /** tenantId → app registration ("the customer uploads the certificate"). */
  registrations: Map<string, FakeAppRegistration>;
  /** Request lines the Graph part received (path + query; `$batch <n>` per batch, its requests prefixed `batch `). */
  graphRequests: string[];
  /** Token requests received (whatever their outcome). */
  tokenRequests(): number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real HTTPS server playing the Entra ID token endpoint and Microsoft Graph (msal refuses a non-https authority):
 * it verifies the client assertion (signature with the registered certificate, x5t#S256 or x5t thumbprint,
 * iss/sub/aud) like Entra does, and serves the directory of `fake-graph-tenant.ts` in Graph's wire format:
 * `@odata.nextLink` paging, `$select`, JSON batching (`$batch`, ≤ 20 requests, per-answer 429), 429 with Retry-After,
 * 403 Authorization_RequestDenied for missing permissions, licence refusals without P1/P2.
 */
export interface FakeEntraOptions {
  tenantId?: string;
  /** The tenant's licence: P1-only reads (sign-ins, MFA registrations, Conditional Access) fail without P1, PIM without P2. */
  plan?: 'none' | 'P1' | 'P2';
  /** Application permissions the app registration lacks: reads needing them answer 403 Authorization_RequestDenied. */
  deniedPermissions?: string[];
  /** Resources (e.g. '/groups') whose first call answers 429 with Retry-After. */
  throttleOnce?: string[];
  /** Resources (e.g. '/servicePrincipals/sp-1/owners') whose first call inside a $batch answers 429 there. */
  throttleOnceInBatch?: string[];
  /** Items per page (Graph pages with @odata.nextLink). */
  pageSize?: number;
}

export async function startFakeEntra(port = 0, options: FakeEntraOptions = {}): Promise<FakeEntra> {
  const pageSize = options.pageSize ?? 2;
  const registrations = new Map<string, FakeAppRegistration>();
  const issuedTokens = new Set<string>();
  const graphRequests: string[] = [];
  let base = '';

  const tokenError = (description: string) => ({ status: 400, body: { error: 'invalid_client', error_description: description } });

  let tokenRequests = 0;
  async function issueToken(tenantId: string, form: URLSearchParams): Promise<{ status: number; body: unknown }> {
    tokenRequests++;
    const registration = registrations.get(tenantId);
    if (!registration) return tokenError(`AADSTS90002: Tenant '${tenantId}' not found.`);
    if (form.get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return tokenError('AADSTS7000216: client_assertion_type missing.');
    if (form.get('client_id') !== registration.applicationId) return tokenError(`AADSTS700016: Application '${form.get('client_id')}' not found.`);
    if (form.get('scope') !== `${base}/.default`) return { status: 400, body: { error: 'invalid_scope' } };
    const assertion = form.get('client_assertion') ?? '';
    const der = new X509Certificate(registration.certificatePem).raw;
    try {
      // Entra accepts PS256 with the SHA-256 thumbprint (x5t#S256, msal's default) and RS256 with the SHA-1 one (x5t).
      const header = decodeProtectedHeader(assertion);
      const sha256 = header['x5t#S256'] !== undefined;
      const expected = createHash(sha256 ? 'sha256' : 'sha1').update(der).digest('base64url');
      if ((sha256 ? header['x5t#S256'] : header.x5t) !== expected) return tokenError('AADSTS700027: The certificate with identifier used to sign the client assertion is not registered on application.');
      const algorithm = sha256 ? 'PS256' : 'RS256';
      await jwtVerify(assertion, await importX509(registration.certificatePem, algorithm), {
        issuer: registration.applicationId,
        subject: registration.applicationId,
        audience: `${base}/${tenantId}/oauth2/v2.0/token`,
        algorithms: [algorithm],
        // Entra tolerates five minutes of clock skew; msal rounds iat/nbf to the nearest second, so nbf can lie ahead.
        clockTolerance: 300,
      });
    } catch (error) {
      return tokenError(`AADSTS700027: Client assertion failed signature validation. (${(error as Error).message})`);
    }
    const token = randomBytes(24).toString('hex');
    issuedTokens.add(token);
    return { status: 200, body: { token_type: 'Bearer', expires_in: 3599, access_token: token } };
  }

  const tenant = fakeGraphTenant(options.tenantId ?? 'fake-tenant');
  const throttled = new Set<string>();
  const planRank = { none: 0, P1: 1, P2: 2 } as const;
  const plan = options.plan ?? 'P1';

  /** Graph's answers for a refused call: a missing application permission, or a missing licence. */
  const denied = () => ({ status: 403, body: { error: { code: 'Authorization_RequestDenied', message: 'Insufficient privileges to complete the operation.' } } });
  const unlicensed = () => ({
    status: 403,
    body: { error: { code: 'Authentication_RequestFromNonPremiumTenantOrB2CTenant', message: 'Neither tenant is B2C or tenant doesn\'t have premium license' } },
  });

  /** A collection page of `items` (after $select), with `@odata.nextLink` while more remain. */
  function page(url: URL, items: Record<string, unknown>[]) {
    const select = url.searchParams.get('$select')?.split(',');
    const offset = Number(url.searchParams.get('$skiptoken') ?? 0);
    const slice = items.slice(offset, offset + pageSize).map((item) => (select ? Object.fromEntries(select.filter((key) => key in item).map((key) => [key, item[key]])) : item));
    const next = new URL(url.toString());
    next.searchParams.set('$skiptoken', String(offset + pageSize));
    return {
      status: 200,
      body: { '@odata.context': `${base}${url.pathname}`, value: slice, ...(offset + pageSize < items.length ? { '@odata.nextLink': next.toString() } : {}) },
    };
  }

  /** Resources by path (after /v1.0 or /beta): the permission they need, the plan they need, and their answer. */
  function resource(path: string, url: URL): { permission: string; plan?: keyof typeof planRank; answer: () => { status: number; body: unknown } } | undefined {
    const list = (items: Record<string, unknown>[]) => () => page(url, items);
    const one = (item: unknown) => () => ({ status: 200, body: item });
    const withSignIns = () => tenant.users.map((user) => ({ ...user, signInActivity: tenant.signInActivity[String(user.id)] ? { lastSignInDateTime: tenant.signInActivity[String(user.id)], lastNonInteractiveSignInDateTime: null } : null }));
    const groupPart = /^\/groups\/([^/]+)\/(members|owners)$/.exec(path);
    if (groupPart) {
      const ids = (groupPart[2] === 'members' ? tenant.groupMembers : tenant.groupOwners)[groupPart[1] ?? ''] ?? [];
      return { permission: 'GroupMember.Read.All', answer: list(ids.map((id) => ({ id }))) };
    }
    const spPart = /^\/servicePrincipals\/([^/]+)\/appRoleAssignments$/.exec(path);
    if (spPart) return { permission: 'Application.Read.All', answer: list((tenant.appRoleAssignments[spPart[1] ?? ''] ?? []) as Record<string, unknown>[]) };
    const ownerPart = /^\/(applications|servicePrincipals)\/([^/]+)\/owners$/.exec(path);
    if (ownerPart) return { permission: 'Application.Read.All', answer: list((tenant.appOwners[ownerPart[2] ?? ''] ?? []).map((id) => ({ id }))) };
    const table: Record<string, { permission: string; plan?: keyof typeof planRank; answer: () => { status: number; body: unknown } }> = {
      '/organization': { permission: 'Organization.Read.All', answer: list(tenant.organization) },
      '/subscribedSkus': { permission: 'Organization.Read.All', answer: list(plan === 'none' ? [] : plan === 'P2' ? [{ skuPartNumber: 'AAD_PREMIUM_P2', servicePlans: [{ servicePlanName: 'AAD_PREMIUM_P2', provisioningStatus: 'Success' }] }] : tenant.subscribedSkus) },
      '/users': url.searchParams.get('$select')?.includes('signInActivity')
        ? { permission: 'AuditLog.Read.All', plan: 'P1', answer: list(withSignIns()) }
        : { permission: 'User.Read.All', answer: list(tenant.users) },
      '/reports/authenticationMethods/userRegistrationDetails': { permission: 'AuditLog.Read.All', plan: 'P1', answer: list(tenant.registrations) },
      '/groups': { permission: 'GroupMember.Read.All', answer: list(tenant.groups) },
      '/roleManagement/directory/roleDefinitions': { permission: 'RoleManagement.Read.Directory', answer: list(tenant.roleDefinitions) },
      '/roleManagement/directory/roleAssignments': { permission: 'RoleManagement.Read.Directory', answer: list(tenant.roleAssignments) },
      '/roleManagement/directory/roleEligibilitySchedules': { permission: 'RoleManagement.Read.Directory', plan: 'P2', answer: list(tenant.roleEligibilitySchedules) },
      '/applications': { permission: 'Application.Read.All', answer: list(tenant.applications) },
      '/servicePrincipals': { permission: 'Application.Read.All', answer: list(tenant.servicePrincipals) },
      '/identity/conditionalAccess/policies': { permission: 'Policy.Read.All', plan: 'P1', answer: list(tenant.conditionalAccessPolicies) },
      '/identity/conditionalAccess/namedLocations': { permission: 'Policy.Read.All', plan: 'P1', answer: list(tenant.namedLocations) },
      '/policies/authorizationPolicy': { permission: 'Policy.Read.All', answer: one(tenant.authorizationPolicy) },
      '/policies/identitySecurityDefaultsEnforcementPolicy': { permission: 'Policy.Read.All', answer: one(tenant.securityDefaults) },
      '/policies/authenticationMethodsPolicy': { permission: 'Policy.Read.All', answer: one(tenant.authenticationMethodsPolicy) },
    };
    return table[path];
  }

  type Answer = { status: number; body: unknown; headers?: Record<string, string> };

  /** One Graph GET (also one request inside a $batch). */
  function graphGet(authorization: string | undefined, target: string, inBatch: boolean): Answer {
    const token = (authorization ?? '').replace(/^Bearer /, '');
    if (!issuedTokens.has(token)) return { status: 401, body: { error: { code: 'InvalidAuthenticationToken' } } };
    const url = new URL(target, base);
    graphRequests.push(`${inBatch ? 'batch ' : ''}${url.pathname}${url.search}`);
    const path = url.pathname.replace(/^\/(v1\.0|beta)/, '');
    const found = resource(path, url);
    if (!found) return { status: 404, body: { error: { code: 'Request_ResourceNotFound' } } };
    // Graph throttles with 429 and Retry-After; the first call of a throttled resource gets it once.
    const throttleList = inBatch ? options.throttleOnceInBatch : options.throttleOnce;
    if (throttleList?.includes(path) && !throttled.has(`${inBatch}${path}`)) {
      throttled.add(`${inBatch}${path}`);
      return { status: 429, headers: { 'Retry-After': '1' }, body: { error: { code: 'TooManyRequests', message: 'Too many requests.' } } };
    }
    if (options.deniedPermissions?.includes(found.permission)) return denied();
    if (found.plan && planRank[plan] < planRank[found.plan]) return unlicensed();
    return found.answer();
  }

  /** JSON batching: up to 20 GETs relative to the version (`/groups/…`), each answered on its own. */
  function graphBatch(authorization: string | undefined, version: string, body: string): Answer {
    let requests: { id?: unknown; method?: unknown; url?: unknown }[];
    try {
      requests = (JSON.parse(body) as { requests: typeof requests }).requests;
    } catch {
      return { status: 400, body: { error: { code: 'BadRequest', message: 'Invalid batch payload.' } } };
    }
    if (Array.isArray(requests)) graphRequests.push(`$batch ${requests.length}`);
    if (!Array.isArray(requests) || requests.length === 0 || requests.length > 20) return { status: 400, body: { error: { code: 'BadRequest', message: 'A batch holds 1 to 20 requests.' } } };
    const responses = requests.map((inner) => {
      if (inner.method !== 'GET' || typeof inner.url !== 'string' || !inner.url.startsWith('/')) return { id: inner.id, status: 400, body: { error: { code: 'BadRequest' } } };
      const answer = graphGet(authorization, `/${version}${inner.url}`, true);
      return { id: inner.id, status: answer.status, headers: { 'Content-Type': 'application/json', ...answer.headers }, body: answer.body };
    });
    return { status: 200, body: { responses } };
  }

  const { server: certificate, caFile } = createTestCa();
  const server: Server = createServer({ key: certificate.keyPem, cert: certificate.certPem }, (request, response) => {
    void (async (): Promise<Answer> => {
      // msal sends the token request with ?client-request-id=…; only the path names the endpoint.
      const { pathname } = new URL(request.url ?? '/', base);
      const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(pathname);
      const batchPath = /^\/(v1\.0|beta)\/\$batch$/.exec(pathname);
      return request.method === 'POST' && tokenPath
        ? await issueToken(decodeURIComponent(tokenPath[1] ?? ''), new URLSearchParams(await readBody(request)))
        : request.method === 'POST' && batchPath
          ? graphBatch(request.headers.authorization, batchPath[1] ?? 'v1.0', await readBody(request))
          : graphGet(request.headers.authorization, request.url ?? '/', false);
    })()
      // A fault of the fake itself answers 500 with its message instead of leaving the request hanging unanswered.
      .catch((error: unknown): Answer => ({ status: 500, body: { error: 'fake_entra_failure', error_description: String(error) } }))
      .then((result) => response.writeHead(result.status, { 'content-type': 'application/json', ...result.headers }).end(JSON.stringify(result.body)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    caFile,
    serverEnv: { ENTRA_AUTHORITY_URL: base, GRAPH_BASE_URL: base, OUTGOING_EXTRA_CA_FILE: caFile, OUTGOING_ALLOW_INTERNAL_HOSTS: 'true' },
    tenant,
    registrations,
    graphRequests,
    tokenRequests: () => tokenRequests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Clients keep HTTPS connections alive (undici, the server under test); close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
