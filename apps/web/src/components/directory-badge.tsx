import { Badge } from '@mantine/core';

const DIRECTORY = {
  ad: { label: 'AD', color: 'indigo', title: 'Prüfung des lokalen Active Directory' },
  entra: { label: 'Entra ID', color: 'cyan', title: 'Prüfung von Entra ID (Cloud)' },
  hybrid: { label: 'Hybrid', color: 'grape', title: 'Prüfung über Active Directory und Entra ID hinweg' },
} as const;

/** Which directory a check (or a change, with its own `title`) belongs to: AD, Entra ID or both (hybrid). */
export function DirectoryBadge({ directory, size = 'sm', title }: { directory: keyof typeof DIRECTORY; size?: 'xs' | 'sm' | 'md'; title?: string }) {
  const entry = DIRECTORY[directory];
  return (
    <Badge size={size} variant="light" color={entry.color} title={title ?? entry.title} style={{ flexShrink: 0 }}>
      {entry.label}
    </Badge>
  );
}
