/**
 * The kinds of control edges of the attack-path graph. An edge A → B means: whoever controls A can take control of
 * (or act as) B. Semantics and sources: docs/attack-paths.md.
 */
export const EDGE_TYPES = [
  'MemberOf',
  'GenericAll',
  'GenericWrite',
  'WriteDacl',
  'WriteOwner',
  'Owns',
  'AddMember',
  'ForceChangePassword',
  'AllExtendedRights',
  'DCSync',
  'GPLink',
  'Contains',
  'AllowedToDelegate',
  'AllowedToAct',
  'UnconstrainedDelegation',
  'SIDHistory',
  'Enroll',
  'ADCSESC1',
  'ReadLAPSPassword',
] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

interface EdgeText {
  /** The edge in a sentence: „A {verb} B“. */
  verb: string;
  /** What removes the edge (the „best cut“ advice). */
  remediation: string;
}

export const EDGE_TEXT: Record<EdgeType, EdgeText> = {
  MemberOf: { verb: 'ist Mitglied von', remediation: 'Mitgliedschaft entfernen (auch die primäre Gruppe prüfen).' },
  GenericAll: { verb: 'hat Vollzugriff auf', remediation: 'Vollzugriff (GenericAll) aus der Zugriffssteuerungsliste des Zielobjekts entfernen.' },
  GenericWrite: { verb: 'darf alle Eigenschaften schreiben von', remediation: 'Schreibrecht (GenericWrite/WriteProperty) auf dem Zielobjekt entfernen.' },
  WriteDacl: { verb: 'darf die Berechtigungen ändern von', remediation: 'Recht „Berechtigungen ändern“ (WriteDacl) auf dem Zielobjekt entfernen.' },
  WriteOwner: { verb: 'darf den Besitzer ändern von', remediation: 'Recht „Besitzer ändern“ (WriteOwner) auf dem Zielobjekt entfernen.' },
  Owns: { verb: 'ist Besitzer von', remediation: 'Besitz auf „Domänen-Admins“ bzw. eine Tier-0-Gruppe übertragen.' },
  AddMember: { verb: 'darf Mitglieder hinzufügen zu', remediation: 'Schreibrecht auf das Attribut „member“ der Gruppe entfernen.' },
  ForceChangePassword: { verb: 'darf das Kennwort zurücksetzen von', remediation: 'Erweitertes Recht „Kennwort zurücksetzen“ auf dem Zielkonto entfernen.' },
  AllExtendedRights: { verb: 'hat alle erweiterten Rechte auf', remediation: 'Alle erweiterten Rechte (AllExtendedRights) auf dem Zielobjekt entfernen.' },
  DCSync: { verb: 'darf per DCSync replizieren aus', remediation: 'Replikationsrechte („Replicating Directory Changes (All)“) auf dem Domänenkopf entfernen.' },
  GPLink: { verb: 'ist verknüpft mit', remediation: 'Bearbeitungsrechte der GPO auf Tier-0-Administratoren beschränken oder die Verknüpfung entfernen.' },
  Contains: { verb: 'enthält', remediation: 'Rechte auf der übergeordneten OU entfernen oder das Objekt vor Vererbung schützen.' },
  AllowedToDelegate: { verb: 'darf Dienste delegieren an', remediation: 'Eingeschränkte Delegierung (msDS-AllowedToDelegateTo) entfernen.' },
  AllowedToAct: { verb: 'darf im Namen anderer handeln auf', remediation: 'Ressourcenbasierte Delegierung (msDS-AllowedToActOnBehalfOfOtherIdentity) entfernen.' },
  UnconstrainedDelegation: { verb: 'erhält Tickets durch uneingeschränkte Delegierung von', remediation: 'Uneingeschränkte Delegierung am Computer abschalten.' },
  SIDHistory: { verb: 'trägt per sIDHistory die Identität von', remediation: 'sIDHistory-Eintrag des Kontos löschen.' },
  Enroll: { verb: 'darf Zertifikate anfordern aus', remediation: 'Registrierungsrecht der Vorlage auf die nötigen Konten beschränken.' },
  ADCSESC1: { verb: 'stellt Anmeldezertifikate für beliebige Konten aus in', remediation: 'In der Vorlage „Antragsteller gibt Namen an“ abschalten oder Genehmigung durch den Zertifikatverwalter verlangen (ESC1).' },
  ReadLAPSPassword: { verb: 'darf das LAPS-Kennwort lesen von', remediation: 'Leserecht auf das LAPS-Kennwort des Computers entfernen.' },
};
