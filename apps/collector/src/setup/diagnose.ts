import type { LdapConnectionOptions } from '../ldap/ldap-session';
import type { SysvolConfig } from '../sysvol/sysvol-source';
import type { ApiClient } from '../upload/api-client';
import { passed, type CheckResult } from './check-result';
import { checkClock, checkLdapBind, type DirectoryFacts } from './ldap-checks';
import { checkDns, checkTcp, checkTls } from './network-checks';
import { checkKey, checkServerReachable } from './server-checks';
import { checkSysvol } from './sysvol-check';

export type Report = (result: CheckResult) => void;

export function ldapTarget(url: string): { host: string; port: number; secure: boolean } {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'ldaps:';
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : secure ? 636 : 389, secure };
}

/** Reports each result; true while all passed. */
function reporter(report: Report) {
  return (results: CheckResult | CheckResult[]) => {
    const list = Array.isArray(results) ? results : [results];
    list.forEach(report);
    return list.every((result) => result.ok);
  };
}

/** Network path to the DC: DNS, TCP and (LDAPS) the certificate. Stops at the first failure. */
export async function diagnoseConnection(ldap: LdapConnectionOptions, report: Report): Promise<boolean> {
  const ok = reporter(report);
  const { host, port, secure } = ldapTarget(ldap.url);
  if (!ok(await checkDns(host))) return false;
  if (!ok(await checkTcp(host, port))) return false;
  if (!secure) return true;
  if (ldap.tlsRejectUnauthorized === false) return ok(passed('TLS-Zertifikat', 'nicht geprüft (ldap.tlsRejectUnauthorized ist false)'));
  return ok(await checkTls(host, port, ldap.tlsCaPem));
}

/** Bind (with StartTLS if chosen) and the DC's clock. */
export async function diagnoseBind(ldap: LdapConnectionOptions, report: Report): Promise<DirectoryFacts | null> {
  const ok = reporter(report);
  const { results, facts } = await checkLdapBind(ldap);
  if (!ok(results) || !facts) return null;
  return ok(checkClock('Domänencontroller', facts.dcTime)) ? facts : null;
}

/** Everything on the directory side; true when all passed. */
export async function diagnoseDirectory(ldap: LdapConnectionOptions, sysvol: SysvolConfig, report: Report): Promise<boolean> {
  if (!(await diagnoseConnection(ldap, report))) return false;
  if (!(await diagnoseBind(ldap, report))) return false;
  return reporter(report)(await checkSysvol(sysvol));
}

/** The Burgwall side: server reachable, clocks close, key accepted. */
export async function diagnoseServer(serverUrl: string, api: ApiClient, report: Report): Promise<boolean> {
  const ok = reporter(report);
  if (!ok(await checkServerReachable(serverUrl))) return false;
  return ok(await checkKey(api));
}
