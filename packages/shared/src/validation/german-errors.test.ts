import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssues, useGermanValidationMessages } from './german-errors';

useGermanValidationMessages();

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return describeIssues(result.error).map((issue) => issue.message);
}

describe('German validation messages', () => {
  it('names the field and the limit', () => {
    expect(messages(z.object({ reason: z.string().max(200) }), { reason: 'x'.repeat(201) })).toEqual(['Der Grund darf höchstens 200 Zeichen lang sein.']);
    expect(messages(z.object({ employeeCount: z.number().int().min(1) }), { employeeCount: 0 })).toEqual(['Die Mitarbeiterzahl muss mindestens 1 sein.']);
  });

  it('explains missing fields, wrong types, formats and unknown fields', () => {
    expect(messages(z.object({ email: z.email() }), {})).toEqual(['Die E-Mail-Adresse fehlt.']);
    expect(messages(z.object({ email: z.email() }), { email: 'nein' })).toEqual(['Die E-Mail-Adresse muss eine gültige E-Mail-Adresse sein.']);
    expect(messages(z.object({ limit: z.number() }), { limit: 'viel' })).toEqual(['Die Anzahl muss eine Zahl sein.']);
    expect(messages(z.object({ foo: z.boolean() }), { foo: 1 })).toEqual(['Das Feld „foo“ muss wahr oder falsch (true/false) sein.']);
    expect(messages(z.object({ mode: z.enum(['audit', 'monitoring']) }), { mode: 'x' })).toEqual(['Der Modus muss einer dieser Werte sein: „audit“, „monitoring“.']);
    expect(messages(z.object({}).strict(), { extra: 1 })).toEqual(['Das Feld „extra“ ist hier nicht erlaubt.']);
  });

  it('keeps messages written for a schema', () => {
    expect(messages(z.string().refine(() => false, 'Bitte einen anderen Namen wählen.'), 'x')).toEqual(['Bitte einen anderen Namen wählen.']);
  });

  it('never answers in English', () => {
    const schema = z.object({ a: z.string().min(2), b: z.array(z.number()).max(1), c: z.uuid(), d: z.iso.date(), e: z.number().lt(3) });
    for (const message of messages(schema, { a: 'x', b: [1, 2], c: 'x', d: 'x', e: 5 })) {
      expect(message).not.toMatch(/\b(expected|Invalid|Too|must)\b/);
    }
  });
});
