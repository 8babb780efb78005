/**
 * Where to send the browser after sign-in/out: only paths of this installation,
 * never another site (open-redirect protection). Anything else becomes '/'.
 */
export function safeCallbackUrl(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value === '') return '/';
  try {
    const base = new URL(publicUrl);
    const target = new URL(value, base);
    if (target.origin !== base.origin) return '/';
    const path = `${target.pathname}${target.search}${target.hash}`;
    // `{PUBLIC_URL}//evil.test` keeps the origin but its path `//evil.test` would leave the site as a Location.
    return /^\/[/\\]/.test(path) ? '/' : path;
  } catch {
    return '/';
  }
}
