/** List-card initials: the first two letters of the name, upper-cased. */
export function initials(name: string | null | undefined): string {
  const letters = Array.from((name ?? '').trim()).filter((ch) => /\p{L}|\p{N}/u.test(ch));
  return letters.slice(0, 2).join('').toUpperCase();
}
