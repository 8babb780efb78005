/**
 * Finds credentials in logon/startup scripts (NETLOGON and GPO Scripts folders: .bat, .cmd, .ps1, .vbs, .kix) line by
 * line and returns masked excerpts. Runs in the collector, so the secret itself is never uploaded.
 */
import { maskSecret } from './secret-masking';

export interface ScriptCredentialHit {
  /** 1-based line number. */
  line: number;
  /** Which pattern matched, e.g. "net use /user", "-AsPlainText". */
  kind: string;
  /** The line with every found secret masked, at most EXCERPT_LENGTH characters. */
  excerpt: string;
}

const EXCERPT_LENGTH = 200;
/** More hits per file add nothing for the finding; the first ones show the problem. */
const MAX_HITS_PER_FILE = 20;

/** A value that is a variable or expression, not a literal secret ($pw, %PW%, (Get-Credential), !pw!, Read-Host). */
function isReference(value: string): boolean {
  return value === '' || value === '*' || /^[$%(!@[{]/.test(value) || /^[A-Z][a-z]+-[A-Z][A-Za-z]+$/.test(value);
}

function unquote(token: string): string {
  return token.replace(/^(["'])(.*)\1$/, '$2');
}

interface Rule {
  kind: string;
  /** Returns the literal secrets of the line (empty: no hit). A secret of '' marks a hit without secret. */
  secrets(line: string): string[];
}

const TOKEN = /"[^"]*"|'[^']*'|\S+/g;

const RULES: Rule[] = [
  {
    // net use [drive] \\srv\share [password] [/user:x] … — the password is the positional token after the share.
    kind: 'net use mit Kennwort',
    secrets(line) {
      const match = /\bnet(?:\.exe)?\s+use\b(.*)$/i.exec(line);
      if (!match) return [];
      const positional = (match[1]?.match(TOKEN) ?? []).filter(
        (token) => !/^[/-]/.test(token) && !/^["']?\\\\/.test(token) && !/^[a-z]:$/i.test(token) && !/^(&|&&|\||>|>>|2>&1|>nul)$/i.test(token),
      );
      const password = positional[0] === undefined ? '' : unquote(positional[0]);
      return isReference(password) ? [] : [password];
    },
  },
  {
    kind: 'ConvertTo-SecureString -AsPlainText',
    secrets(line) {
      const match = /ConvertTo-SecureString\s+(?:-String\s+)?(["'])(.*?)\1[^\n]*-AsPlainText/i.exec(line);
      return match && !isReference(match[2] as string) ? [match[2] as string] : [];
    },
  },
  {
    kind: '-Password-Parameter',
    secrets(line) {
      const match = /-(?:Password|AccountPassword|Passwd)\s+("[^"]*"|'[^']*'|[^\s)]+)/i.exec(line);
      const value = match ? unquote(match[1] as string) : '';
      return isReference(value) ? [] : [value];
    },
  },
  {
    // password=…, DB_PASSWORD=…, $Kennwort = "…", pwd=… in connection strings.
    kind: 'Kennwort-Zuweisung',
    secrets(line) {
      const found: string[] = [];
      for (const match of line.matchAll(/(?:\b\w*(?:password|passwd|passwort|kennwort|pwd)|\bpass)\s*[=:]\s*("[^"]*"|'[^']*'|[^\s;&"',)]+)/gi)) {
        const value = unquote(match[1] as string);
        if (!isReference(value)) found.push(value);
      }
      return found;
    },
  },
  {
    // cmdkey /pass:x, kix /password:x, msiexec-style /p:x, psexec -p x.
    kind: 'Kennwort-Schalter',
    secrets(line) {
      const found: string[] = [];
      for (const match of line.matchAll(/(?:^|\s)\/(?:p|pass|password|pw|pwd)\s*:\s*("[^"]*"|'[^']*'|\S+)/gi)) found.push(unquote(match[1] as string));
      const psexec = /\bpsexec(?:64)?(?:\.exe)?\b.*\s-p\s+("[^"]*"|\S+)/i.exec(line);
      if (psexec) found.push(unquote(psexec[1] as string));
      return found.filter((value) => !isReference(value));
    },
  },
  {
    kind: 'cpassword',
    secrets(line) {
      const match = /cpassword\s*=\s*"([^"]+)"/i.exec(line);
      return match ? [match[1] as string] : [];
    },
  },
  {
    // VBScript: WshNetwork.MapNetworkDrive "Z:", "\\srv\share", False, "user", "password".
    kind: 'MapNetworkDrive mit Kennwort',
    secrets(line) {
      const match = /MapNetworkDrive\s*\(?\s*(?:[^,]+,){4}\s*"([^"]+)"/i.exec(line);
      return match ? [match[1] as string] : [];
    },
  },
  {
    // No secret in the line, but a stored credential any user of the script can replay.
    kind: 'runas /savecred',
    secrets(line) {
      return /\brunas(?:\.exe)?\b.*\/savecred/i.test(line) ? [''] : [];
    },
  },
];

function excerptOf(line: string, secrets: string[]): string {
  let masked = line.trim();
  // Longest first, so a secret that contains another one is masked whole.
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length)) masked = masked.split(secret).join(maskSecret(secret));
  return masked.length > EXCERPT_LENGTH ? `${masked.slice(0, EXCERPT_LENGTH - 1)}…` : masked;
}

/** Lines of a script that look like they hold credentials, with the secrets masked. */
export function findScriptCredentials(text: string): ScriptCredentialHit[] {
  const hits: ScriptCredentialHit[] = [];
  const lines = text.split(/\r?\n|\r/);
  for (let index = 0; index < lines.length && hits.length < MAX_HITS_PER_FILE; index += 1) {
    const line = lines[index] as string;
    // Comments (rem, ::, ', #) are scanned too: a commented-out password is still readable by every user.
    const matched = RULES.map((rule) => ({ kind: rule.kind, secrets: rule.secrets(line) })).filter((result) => result.secrets.length > 0);
    if (matched.length === 0) continue;
    hits.push({ line: index + 1, kind: matched.map((result) => result.kind).join(', '), excerpt: excerptOf(line, matched.flatMap((result) => result.secrets)) });
  }
  return hits;
}
