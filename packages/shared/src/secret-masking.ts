/**
 * Masking of secrets, shared by the checks (findings never store a secret) and the collector (SYSVOL script
 * excerpts are masked before they leave the customer's network).
 */

/** Shows the first and last character only, so a finding never stores a secret. */
export function maskSecret(secret: string): string {
  if (secret.length <= 2) return '•'.repeat(Math.max(secret.length, 1));
  return `${secret[0]}${'•'.repeat(Math.min(secret.length - 2, 8))}${secret[secret.length - 1]}`;
}
