/**
 * Extra guidance shown on the dedicated pages of the 12 SPEC slugs (SPEC §2),
 * on top of the texts every check carries.
 */
export const SPEC_SLUG_NOTES: Record<string, { evidenceLabel: string; note: string }> = {
  'gpo-reg-autologin': { evidenceLabel: 'Fundstelle (Kennwort maskiert)', note: 'Auch deaktivierte Gruppenrichtlinien werden geprüft: Ihre Dateien bleiben in SYSVOL für jeden Benutzer lesbar.' },
  'count-domain-admins': { evidenceLabel: 'Anmeldung und Kennwortalter', note: 'Gezählt werden aktive Benutzer, auch über verschachtelte Gruppen und die primäre Gruppe. Den Höchstwert stellen Sie unter Schwellenwerte ein.' },
  'group-rodc-not-empty': { evidenceLabel: 'Art der Mitgliedschaft', note: 'Legen Sie zwischenspeicherbare Konten pro RODC in dessen Kennwortreplikationsrichtlinie fest, nicht global.' },
  'gpo-lanmanager-enabled': { evidenceLabel: 'Gesetzter Wert und Quelle', note: 'Geprüft werden verknüpfte Gruppenrichtlinien mit aktivierter Computerkonfiguration (GptTmpl.inf, Registry.pol, Registry.xml).' },
  'gpo-weak-password-policy': { evidenceLabel: 'Schwäche der Richtlinie', note: 'Maßgeblich für Domänenkonten sind die Domänenrichtlinie, auf Domänenebene verknüpfte Gruppenrichtlinien und differenzierte Kennwortrichtlinien (PSO). „Kennwort läuft nie ab“ wird bewusst nicht bemängelt.' },
  'password-like-string-found': { evidenceLabel: 'Attribut und Fundstelle (maskiert)', note: 'Der Fund wird nur maskiert gespeichert. Behandeln Sie das Kennwort trotzdem als bekannt und ändern Sie es.' },
  'privileged-user-deactivated': { evidenceLabel: 'Zustand und Gruppen', note: 'Deaktivierte Konten behalten ihre Mitgliedschaften – ein erneutes Aktivieren verschafft sofort Administratorrechte.' },
  'group-schema-admins-not-empty': { evidenceLabel: 'Mitgliedschaft', note: 'Nach der Einrichtung einer Gesamtstruktur ist der integrierte Administrator Mitglied – das wird hier ebenfalls gemeldet.' },
  'object-duplicated-samaccountname': { evidenceLabel: 'Art des Konflikts', note: 'Konfliktobjekte entstehen, wenn zwei Domänencontroller dasselbe Objekt vor der Replikation anlegen.' },
  'entra-legacy-authentication-allowed': { evidenceLabel: 'Befund im Mandanten', note: 'Diese Prüfung benötigt eine Verbindung zu Entra ID; ohne Entra-Daten wird sie übersprungen.' },
  'entra-privileged-onprem-user-synced': { evidenceLabel: 'Rollen und Herkunft', note: 'Über die SID wird zusätzlich geprüft, ob das Konto auch im lokalen AD privilegiert ist.' },
  'computer-dc-no-constrained-delegation': { evidenceLabel: 'Delegierungsziel', note: 'Geprüft werden eingeschränkte Delegierung (KCD) an Domänencontroller und ressourcenbasierte Delegierung (RBCD) auf Domänencontrollern.' },
};
