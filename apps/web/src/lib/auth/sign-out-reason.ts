/** Query parameter on the start page that tells a user who was signed out automatically why (German slug). */
export const SIGN_OUT_REASON_PARAM = 'grund';

/** The German text for each reason; unknown slugs show nothing rather than a guess. */
export const SIGN_OUT_REASONS: Record<string, { title: string; text: string }> = {
  'kein-zugriff': {
    title: 'Sie wurden abgemeldet',
    text: 'Der aufgerufene Kunde existiert nicht mehr oder Sie haben keinen Zugriff darauf. Melden Sie sich erneut an, um mit Ihren eigenen Kunden weiterzuarbeiten.',
  },
};

export function signOutReason(search: URLSearchParams): { title: string; text: string } | null {
  return SIGN_OUT_REASONS[search.get(SIGN_OUT_REASON_PARAM) ?? ''] ?? null;
}
