export interface Change {
  id: string;
  objectGuid: string;
  objectClass: string;
  distinguishedName: string;
  propertyName: string;
  oldValue: string | null;
  newValue: string | null;
  timestamp: string;
  isIoa: boolean;
  isIoe: boolean;
  /** 'entra': a difference between two Entra ID collections. */
  directory: 'ad' | 'entra';
  /** Replication metadata: DN of the originating DC's NTDS Settings and the attribute's version (null: unknown). */
  originatingDsa: string | null;
  version: number | null;
}

export interface ChangeFilter {
  objectGuid?: string;
  search?: string;
  propertyName?: string;
  from?: string;
  to?: string;
  isIoa?: boolean;
  isIoe?: boolean;
}

export const CHANGES_QUERY = `query Changes($clientId: ID!, $filter: ChangeFilter, $after: String, $first: Int, $order: TimeOrder) {
  changes(clientId: $clientId, filter: $filter, first: $first, after: $after, order: $order) {
    nodes { id objectGuid objectClass distinguishedName propertyName oldValue newValue timestamp isIoa isIoe directory originatingDsa version }
    pageInfo { endCursor hasNextPage }
  }
}`;

export interface ChangePage {
  changes: { nodes: Change[]; pageInfo: { endCursor: string | null; hasNextPage: boolean } };
}

/** German names of object classes. */
export const OBJECT_CLASS_LABEL: Record<string, string> = {
  user: 'Benutzer',
  computer: 'Computer',
  group: 'Gruppe',
  organizationalUnit: 'OU',
  groupPolicyContainer: 'GPO',
  domainDNS: 'Domäne',
  trustedDomain: 'Vertrauensstellung',
  container: 'Container',
  other: 'Sonstiges',
  application: 'App-Registrierung',
  servicePrincipal: 'Dienstprinzipal',
  conditionalAccessPolicy: 'Richtlinie für bedingten Zugriff',
  tenant: 'Mandant',
};

/** „CN=NTDS Settings,CN=DC1,CN=Servers,…“ → „DC1“: the DC's name is the RDN under its NTDS Settings object. */
export function dcNameOf(dsaDn: string): string {
  const match = /^CN=NTDS Settings(?:\\0ADEL:[^,]*)?,CN=((?:[^,\\]|\\.)+)/i.exec(dsaDn);
  return match?.[1] ?? dsaDn;
}
