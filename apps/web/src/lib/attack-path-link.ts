/** Where "Pfade zu Tier 0 anzeigen" leads from a finding or an explorer object (the Angriffspfade page, preselected). */
export const attackPathLink = (clientId: string, objectKey: string) => `/client/${clientId}/attack-paths?objekt=${encodeURIComponent(objectKey)}`;

/** Object types that can have an attack path (principals). */
export const PATH_OBJECT_TYPES: ReadonlySet<string> = new Set(['user', 'computer', 'group']);
