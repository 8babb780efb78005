export const MAIN_ROLES = ['admin', 'serviceprovider', 'client'] as const;
export type MainRole = (typeof MAIN_ROLES)[number];

/** Environment flags carried as roles; never a main role. */
export const ROLE_FLAGS = ['next_user', 'demo_user'] as const;
export type RoleFlag = (typeof ROLE_FLAGS)[number];

export function isMainRole(value: unknown): value is MainRole {
  return typeof value === 'string' && (MAIN_ROLES as readonly string[]).includes(value);
}

/** The main role is the first role remaining after removing the environment flags (SPEC §6). */
export function mainRole(roles: readonly string[]): MainRole | undefined {
  const remaining = roles.filter((role) => !(ROLE_FLAGS as readonly string[]).includes(role));
  const first = remaining[0];
  return isMainRole(first) ? first : undefined;
}

/** Claim namespace used by Hasura-style tokens. */
export const HASURA_CLAIMS = 'https://hasura.io/jwt/claims';

export interface HasuraClaims {
  'x-hasura-allowed-roles': string[];
  'x-hasura-default-role': string;
  'x-hasura-user-id': string;
  'x-hasura-user-org-id'?: string;
}
