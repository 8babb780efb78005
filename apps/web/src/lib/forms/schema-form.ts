import { useGermanValidationMessages } from '@burgwall/shared';
import { type UseFormReturnType, schemaResolver } from '@mantine/form';
import type { z } from 'zod';

// A plain setup call that happens to be named like a hook; aliased so the hook rules do not apply to it.
const installGermanMessages = useGermanValidationMessages;

/**
 * Validates a Mantine form with a shared zod schema (the one the server checks the body with), in German:
 * the messages read „Der Wert darf nicht leer sein.“ and stand under their field.
 */
export function germanResolver(schema: z.ZodType) {
  installGermanMessages();
  return schemaResolver(schema, { sync: true });
}

/**
 * Like `germanResolver`, for a form whose values are not the body itself (a number field that may be empty, a flat
 * form for a nested body, „Alle Kunden“ for null): checks `toBody(values)` – the very body the form then sends – and
 * shows each message under the form field of the same name (the last named part of the path: `settings.host` → `host`,
 * `recipientUserIds.0` → `recipientUserIds`).
 */
export function germanBodyResolver<Values>(schema: z.ZodType, toBody: (values: Values) => unknown) {
  const resolve = germanResolver(schema);
  return (values: Values) =>
    Object.fromEntries(Object.entries(resolve(toBody(values))).map(([path, message]) => [path.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? path, message]));
}

/** A number field's value for the body: empty stays undefined, so the schema says „Der Wert fehlt.“ instead of checking 0. */
export function numberOrUndefined(value: number | string): number | undefined {
  return value === '' ? undefined : Number(value);
}

interface Sized {
  maxLength?: number | null;
  def?: { innerType?: unknown; in?: unknown; options?: unknown[] };
}

/** The longest text a field of the schema accepts (through optional, default, trim, transform and union wrappers). */
function maxLengthOf(field: unknown): number | undefined {
  let current = field as Sized | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.maxLength === 'number') return current.maxLength;
    // `z.union([z.email().max(254), z.literal('')])`: the longest of its text options.
    if (current.def?.options) {
      const lengths = current.def.options.map(maxLengthOf).filter((length) => length !== undefined);
      return lengths.length ? Math.max(...lengths) : undefined;
    }
    current = (current.def?.innerType ?? current.def?.in) as Sized | undefined;
  }
  return undefined;
}

/** `maxLength` of every text field of an object schema, so the inputs stop where the server would refuse. */
export function maxLengths<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): Partial<Record<keyof Shape, number>> {
  return Object.fromEntries(Object.entries(schema.shape).flatMap(([key, field]) => {
    const max = maxLengthOf(field);
    return max === undefined ? [] : [[key, max]];
  })) as Partial<Record<keyof Shape, number>>;
}

/**
 * Input props that enforce a maximum length and show it: the count appears once a text gets near its limit
 * (always for long texts), so short fields stay calm.
 */
export function limitProps(max: number | undefined, value: unknown, always = false) {
  if (max === undefined) return {};
  const length = typeof value === 'string' ? value.length : 0;
  const show = always || length >= max * 0.8;
  return { maxLength: max, description: show ? `${length} von höchstens ${max} Zeichen` : undefined };
}

/** A text field of a form with its maximum length enforced and shown (see `limitProps`). */
export function textProps<Values extends object>(form: Pick<UseFormReturnType<Values>, 'getInputProps' | 'getValues'>, name: keyof Values & string, max: number | undefined, always = false) {
  return { ...form.getInputProps(name), ...limitProps(max, form.getValues()[name], always) };
}
