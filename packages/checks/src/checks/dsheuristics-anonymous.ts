import { defineCheck } from '../define-check';
import { found } from '../types';

export const dsheuristicsAnonymous = defineCheck({
  slug: 'dsheuristics-anonymous',
  title: 'Anonymer LDAP-Zugriff erlaubt (dSHeuristics)',
  description: 'Das Attribut dSHeuristics erlaubt anonyme LDAP-Abfragen (7. Zeichen = 2).',
  whyItMatters: 'Ohne Anmeldung kann jeder im Netz Benutzer, Gruppen und Attribute auslesen und Angriffe vorbereiten.',
  remediation: ['Setzen Sie das 7. Zeichen von dSHeuristics (CN=Directory Service,CN=Windows NT,CN=Services,CN=Configuration) auf 0.'],
  category: 'domain-configuration',
  criticality: 'high',
  scoreImpact: 6,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const value = snapshot.domain.dsHeuristics ?? '';
    if (value.charAt(6) !== '2') return found([]);
    return found([{ objectKey: `${snapshot.domain.objectGuid}:dsheuristics`, objectType: 'domain', name: snapshot.domain.dnsName, distinguishedName: snapshot.domain.distinguishedName, evidence: `dSHeuristics = ${value}` }]);
  },
});
