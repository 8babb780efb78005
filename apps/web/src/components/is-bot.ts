const BOT_PATTERN =
  /bot|crawl|spider|slurp|lighthouse|headlesschrome\/[\d.]+ \(compatible\)|facebookexternalhit|embedly|preview/i;

/** Crawlers and link previewers: they get no error screen or cookie banner. */
export function isBot(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return BOT_PATTERN.test(userAgent);
}
