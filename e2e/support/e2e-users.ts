/** Sign-ins with environment flags that only exist in e2e databases. */
export const E2E_PASSWORD = 'E2E-Passwort-2026!';

export const E2E_USERS = [
  { email: 'next-kunde@e2e.test', roles: ['next_user', 'client'], firstName: 'Nele' },
  { email: 'next-anbieter@e2e.test', roles: ['serviceprovider', 'next_user'], firstName: 'Niklas' },
  { email: 'plain-admin@e2e.test', roles: ['admin'], firstName: 'Paula' },
  // A client user whose organisation is missing: the entry redirect cannot work.
  { email: 'ohne-org@e2e.test', roles: ['client'], firstName: 'Olaf', noOrg: true },
] as const;
