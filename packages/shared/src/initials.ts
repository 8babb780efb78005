/** The first two letters or digits, with whatever stands before and between them (one match, not a scan per character). */
const FIRST_TWO = /^[^\p{L}\p{N}]*([\p{L}\p{N}])[^\p{L}\p{N}]*([\p{L}\p{N}])?/u;

/** List-card initials: the first two letters of the name, upper-cased. */
export function initials(name: string | null | undefined): string {
  const match = FIRST_TWO.exec(name ?? '');
  return match ? `${match[1]}${match[2] ?? ''}`.toUpperCase() : '';
}
