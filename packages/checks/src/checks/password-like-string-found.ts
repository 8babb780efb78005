import { maskSecret, principalObject } from '../affected';
import { defineCheck } from '../define-check';
import { type AffectedObject, found, threshold } from '../types';

const KEYWORD = /\b(passwor[dt]|kennwort|passwd|pwd|pw|pass|kw|initial(?:passwort|kennwort)?|startpasswort|startkennwort)\s*([:=]|\s)\s*(\S+)/i;

function characterClasses(token: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(token)).length;
}

/** The secret in a free-text value, or null. A space separator needs a password-like token (≥ 3 character classes). */
export function findSecret(text: string, minLength: number): string | null {
  const match = KEYWORD.exec(text);
  if (match) {
    const token = (match[3] as string).replace(/[.,;)]+$/, '');
    const separatorIsSymbol = (match[2] as string).trim() !== '';
    if (token.length >= minLength && (separatorIsSymbol || characterClasses(token) >= 3)) return token;
  }
  // Without a keyword only a long token with all four character classes looks like a password.
  for (const token of text.split(/\s+/)) {
    if (token.length >= Math.max(minLength, 10) && characterClasses(token) === 4 && !/^https?:/i.test(token)) return token;
  }
  return null;
}

/** CHECKS.md §2.2 #6: secrets in attributes every authenticated user can read. */
export const passwordLikeStringFound = defineCheck({
  slug: 'password-like-string-found',
  title: 'Kennwort in Verzeichnisattributen gefunden',
  description:
    'Ein Attribut wie Beschreibung, Info, userPassword oder unixUserPassword enthält eine Zeichenfolge, die wie ein Kennwort aussieht.',
  whyItMatters:
    'Diese Attribute kann jeder angemeldete Benutzer lesen. Ein dort notiertes Start- oder Dienstkontokennwort ist für Angreifer der einfachste Weg zu weiteren Konten.',
  remediation: [
    'Entfernen Sie das Kennwort aus dem Attribut.',
    'Ändern Sie das Kennwort des betroffenen Kontos, da es als bekannt gelten muss.',
    'Verwenden Sie für Startkennwörter einen sicheren Übergabeweg (z. B. Kennwortmanager).',
  ],
  category: 'secrets',
  criticality: 'high',
  scoreImpact: 8,
  directory: 'ad',
  thresholds: [{ key: 'minSecretLength', label: 'Mindestlänge einer verdächtigen Zeichenfolge', unit: 'Zeichen', default: 6, min: 4, max: 20 }],
  detect(snapshot, settings) {
    const minLength = threshold(this, settings, 'minSecretLength');
    const affected: AffectedObject[] = [];
    // Many objects share a description ("Mitarbeiter Vertrieb"): scan each distinct text once.
    const scanned = new Map<string, string | null>();
    const scan = (text: string) => {
      let secret = scanned.get(text);
      if (secret === undefined) {
        secret = findSecret(text, minLength);
        scanned.set(text, secret);
      }
      return secret;
    };
    // No per-object arrays: most objects have no hit, so the hit list is created only when needed.
    for (const list of [snapshot.users, snapshot.computers, snapshot.groups] as const) {
      for (const principal of list) {
        let hits: string[] | null = null;
        const description = principal.description ? scan(principal.description) : null;
        if (description) (hits ??= []).push(`description: ${maskSecret(description)}`);
        const info = principal.info ? scan(principal.info) : null;
        if (info) (hits ??= []).push(`info: ${maskSecret(info)}`);
        if ('userPassword' in principal) {
          if (principal.userPassword) (hits ??= []).push(`userPassword: ${maskSecret(principal.userPassword)}`);
          if (principal.unixUserPassword) (hits ??= []).push(`unixUserPassword: ${maskSecret(principal.unixUserPassword)}`);
        }
        if (hits) affected.push(principalObject(principal, hits.join('; ')));
      }
    }
    return found(affected);
  },
});
