import { authoritiesOf, authorityObject, isOutcome } from '../adcs';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, skipped } from '../types';

/**
 * ESC8: NTLM relay to an HTTP enrolment endpoint. LDAP shows the Certificate Enrollment Web Service URLs
 * (msPKI-Enrollment-Servers); plain http:// ones are a finding. Web Enrollment (/certsrv) and Extended Protection
 * are visible only over the network, so without such a URL the check is „Nicht geprüft“.
 */
export const adcsWebEnrollmentEsc8 = defineCheck({
  slug: 'adcs-web-enrollment-esc8',
  title: 'Zertifikatregistrierung über HTTP (ESC8)',
  description:
    'Eine Zertifizierungsstelle bietet einen Registrierungs-Webdienst über unverschlüsseltes HTTP an. Über einen solchen Endpunkt lassen sich weitergeleitete NTLM-Anmeldungen in Zertifikate umwandeln.',
  whyItMatters:
    'Ein Angreifer zwingt einen Domänencontroller zur NTLM-Anmeldung (etwa mit PetitPotam) und leitet sie an den Webdienst weiter. Er erhält ein Zertifikat des Domänencontrollers und damit DCSync-Rechte auf die ganze Domäne (ESC8).',
  remediation: [
    'Stellen Sie die Registrierungs-Webdienste auf HTTPS um und aktivieren Sie in den IIS die erweiterte Schutzfunktion (Extended Protection for Authentication).',
    'Deaktivieren Sie NTLM für die Web-Registrierung (nur Kerberos) oder entfernen Sie die Rolle „Zertifizierungsstellen-Webregistrierung“, wenn sie nicht gebraucht wird.',
  ],
  category: 'certificate-services',
  criticality: 'critical',
  scoreImpact: 12,
  directory: 'ad',
  thresholds: [],
  detect(snapshot) {
    const authorities = authoritiesOf(snapshot);
    if (isOutcome(authorities)) return authorities;
    const affected: AffectedObject[] = [];
    for (const authority of authorities) {
      for (const url of authority.enrollmentServerUrls) {
        if (/^http:\/\//i.test(url)) affected.push(authorityObject(authority, `Registrierungs-Webdienst ohne TLS: ${url}`, url));
      }
    }
    if (affected.length === 0 && authorities.length > 0) {
      return skipped(
        `Nicht geprüft: Ob die Zertifizierungsstellen (${authorities.map((authority) => authority.name).join(', ')}) eine Web-Registrierung (/certsrv) über HTTP oder ohne erweiterte Schutzfunktion anbieten, ist im Active Directory nicht sichtbar; dafür ist eine Netzwerkprüfung der Zertifizierungsstellen nötig.`,
      );
    }
    return found(affected);
  },
});
