/**
 * German validation messages for zod (installed once per process with `useGermanValidationMessages()`).
 * Every message is a sentence with the neutral subject "Der Wert", so a form can show it under its field as it is,
 * and the API can name the field instead (`describeIssue`: "Der Grund darf höchstens 200 Zeichen lang sein.").
 */
import { z } from 'zod';
import { fieldLabel } from './field-labels';

export const NEUTRAL_SUBJECT = 'Der Wert';

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'ein Text',
  number: 'eine Zahl',
  int: 'eine ganze Zahl',
  bigint: 'eine ganze Zahl',
  boolean: 'wahr oder falsch (true/false)',
  date: 'ein Datum',
  array: 'eine Liste',
  object: 'ein Objekt',
  null: 'leer (null)',
  undefined: 'nicht angegeben',
  file: 'eine Datei',
  record: 'ein Objekt',
  tuple: 'eine Liste',
  map: 'eine Zuordnung',
  set: 'eine Menge',
  enum: 'einer der erlaubten Werte',
  literal: 'der erlaubte Wert',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'eine gültige E-Mail-Adresse',
  url: 'eine gültige URL',
  uuid: 'eine gültige UUID',
  guid: 'eine gültige GUID',
  datetime: 'ein Zeitpunkt im Format ISO 8601 (z. B. 2026-01-31T12:00:00Z)',
  date: 'ein Datum im Format JJJJ-MM-TT',
  time: 'eine Uhrzeit im Format HH:MM',
  ipv4: 'eine gültige IPv4-Adresse',
  ipv6: 'eine gültige IPv6-Adresse',
  base64: 'Base64-kodiert',
  jwt: 'ein gültiges Token',
};

function sizeUnit(origin: string | undefined, count: number | bigint): string {
  const many = Number(count) !== 1;
  switch (origin) {
    case 'string':
      return many ? 'Zeichen' : 'Zeichen';
    case 'array':
    case 'set':
      return many ? 'Einträge' : 'Eintrag';
    case 'file':
      return 'Bytes';
    default:
      return '';
  }
}

function limitText(origin: string | undefined, value: number | bigint | Date): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const unit = sizeUnit(origin, value);
  return unit ? `${value} ${unit}` : String(value);
}

function receivedType(input: unknown): string {
  if (input === undefined) return 'undefined';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** The German message for one raw zod issue (zod's `localeError` hook). */
export function germanIssueMessage(issue: Issue): string {
  const subject = NEUTRAL_SUBJECT;
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return `${subject} fehlt.`;
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (issue.expected === 'number' && typeof issue.input === 'number') return `${subject} muss eine endliche Zahl sein.`;
      if (receivedType(issue.input) === issue.expected) return `${subject} ist ungültig.`;
      return `${subject} muss ${expected} sein.`;
    }
    case 'too_big': {
      const max = limitText(issue.origin, issue.maximum as number);
      if (issue.origin === 'string') return `${subject} darf höchstens ${max} lang sein.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} darf höchstens ${max} enthalten.`;
      if (issue.origin === 'date') return `${subject} darf nicht nach dem ${max} liegen.`;
      return issue.inclusive ? `${subject} darf höchstens ${max} sein.` : `${subject} muss kleiner als ${max} sein.`;
    }
    case 'too_small': {
      const min = limitText(issue.origin, issue.minimum as number);
      if (issue.origin === 'string') {
        return Number(issue.minimum) === 1 ? `${subject} darf nicht leer sein.` : `${subject} muss mindestens ${min} lang sein.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') return `${subject} muss mindestens ${min} enthalten.`;
      if (issue.origin === 'date') return `${subject} darf nicht vor dem ${min} liegen.`;
      return issue.inclusive ? `${subject} muss mindestens ${min} sein.` : `${subject} muss größer als ${min} sein.`;
    }
    case 'invalid_format': {
      if (issue.format === 'regex') return `${subject} hat nicht das erwartete Format.`;
      if (issue.format === 'starts_with') return `${subject} muss mit „${String((issue as { prefix?: string }).prefix)}“ beginnen.`;
      if (issue.format === 'ends_with') return `${subject} muss auf „${String((issue as { suffix?: string }).suffix)}“ enden.`;
      if (issue.format === 'includes') return `${subject} muss „${String((issue as { includes?: string }).includes)}“ enthalten.`;
      const name = FORMAT_NAMES[issue.format];
      return name ? `${subject} muss ${name} sein.` : `${subject} hat nicht das erwartete Format (${issue.format}).`;
    }
    case 'not_multiple_of':
      return `${subject} muss ein Vielfaches von ${String(issue.divisor)} sein.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `Das Feld „${issue.keys[0]}“ ist hier nicht erlaubt.`
        : `Die Felder ${issue.keys.map((key) => `„${key}“`).join(', ')} sind hier nicht erlaubt.`;
    case 'invalid_key':
      return `${subject} enthält einen ungültigen Schlüssel.`;
    case 'invalid_union':
      return `${subject} passt zu keiner der erlaubten Formen.`;
    case 'invalid_element':
      return `${subject} enthält ein ungültiges Element.`;
    case 'invalid_value': {
      const values = issue.values.map((value) => (typeof value === 'string' ? `„${value}“` : String(value)));
      if (values.length === 1) return `${subject} muss ${values[0]} sein.`;
      return `${subject} muss einer dieser Werte sein: ${values.join(', ')}.`;
    }
    case 'custom':
      return `${subject} ist ungültig.`;
    default:
      return `${subject} ist ungültig.`;
  }
}

let installed = false;

/** Makes every zod schema of this process answer in German (idempotent). */
export function useGermanValidationMessages(): void {
  if (installed) return;
  z.config({ localeError: germanIssueMessage });
  installed = true;
}

export interface IssueDescription {
  /** Dotted path of the field, e.g. `body.reason` (empty for the whole value). */
  path: string;
  message: string;
}

/**
 * The message of an issue with its field named: "Der Wert …" becomes "Der Grund …" (or "Das Feld „x“ …"),
 * so an API answer can be acted on without knowing the schema.
 */
export function describeIssue(issue: Pick<z.core.$ZodIssue, 'path' | 'message'>, prefix?: string): IssueDescription {
  const segments = issue.path.map(String);
  const path = [prefix, ...segments].filter(Boolean).join('.');
  const field = [...segments].reverse().find((segment) => !/^\d+$/.test(segment));
  let message = issue.message;
  if (field && message.startsWith(`${NEUTRAL_SUBJECT} `)) {
    message = `${fieldLabel(field)} ${message.slice(NEUTRAL_SUBJECT.length + 1)}`;
  }
  return { path, message };
}

/** All issues of an error, each with its field named. */
export function describeIssues(error: z.ZodError, prefix?: string): IssueDescription[] {
  return error.issues.map((issue) => describeIssue(issue, prefix));
}
