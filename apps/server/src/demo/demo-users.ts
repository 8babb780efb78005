/** The demo sign-ins (SPEC: demo sign-ins for each role), one shared password. */
export const DEMO_PASSWORD = 'Burgwall-Demo-2026!';

export const DEMO_ACCOUNTS = [
  { email: 'admin@burgwall.demo', label: 'Administration', role: 'admin', firstName: 'Ada', lastName: 'Admin' },
  { email: 'anbieter@burgwall.demo', label: 'Dienstleister', role: 'serviceprovider', firstName: 'Anna', lastName: 'Anbieter' },
  { email: 'kunde@burgwall.demo', label: 'Kunde', role: 'client', firstName: 'Karl', lastName: 'Kunde' },
] as const;
