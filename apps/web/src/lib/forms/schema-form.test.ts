import { emailSettingsBodySchema, graphExplorerBodySchema, reportScheduleBodySchema, siemDestinationBodySchema } from '@burgwall/shared';
import { describe, expect, it } from 'vitest';
import { germanBodyResolver, maxLengths, numberOrUndefined } from './schema-form';

describe('germanBodyResolver', () => {
  it('puts the message of a nested body field under the flat form field of the same name', () => {
    const resolve = germanBodyResolver(emailSettingsBodySchema, (values: { host: string; fromAddress: string }) => ({
      enabled: true,
      settings: { host: values.host, fromAddress: values.fromAddress },
    }));
    expect(resolve({ host: '', fromAddress: 'kein-postfach' })).toEqual({
      host: 'Bitte geben Sie den SMTP-Server an.',
      fromAddress: 'Der Wert muss eine gültige E-Mail-Adresse sein.',
    });
    expect(resolve({ host: 'smtp.example.de', fromAddress: 'it@example.de' })).toEqual({});
  });

  it('asks for a client when none is chosen, and names a wrong id as such', () => {
    const resolve = germanBodyResolver(reportScheduleBodySchema, (values: { clientId: string }) => ({ clientId: values.clientId, frequency: 'weekly', recipientUserIds: [] }));
    expect(resolve({ clientId: '' })).toEqual({ clientId: 'Bitte wählen Sie einen Kunden.', recipientUserIds: 'Bitte wählen Sie mindestens einen Empfänger.' });
    expect(resolve({ clientId: 'abc' }).clientId).toBe('Der Wert muss eine gültige UUID sein.');
  });

  it('says an empty number field is missing instead of checking it as 0', () => {
    const resolve = germanBodyResolver(siemDestinationBodySchema, (values: { port: number | string }) => ({ host: 'siem.example.de', port: numberOrUndefined(values.port), transport: 'tcp', format: 'cef' }));
    expect(resolve({ port: '' })).toEqual({ port: 'Der Wert fehlt.' });
    expect(resolve({ port: 70_000 })).toEqual({ port: 'Der Wert darf höchstens 65535 sein.' });
  });
});

describe('maxLengths', () => {
  it('finds the limit through trim, refine and a union with the empty text', () => {
    expect(maxLengths(graphExplorerBodySchema).url).toBe(2000);
    expect(maxLengths(emailSettingsBodySchema.shape.settings)).toMatchObject({ host: 255, fromAddress: 254, template1Html: 100_000 });
  });
});
