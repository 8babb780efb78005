/**
 * The ICU collation for German names (Ä with A, ß with ss), as the browser's `localeCompare(…, 'de')` sorts them.
 * initdb creates it wherever PostgreSQL is built with ICU: Debian's packages and the embedded PostgreSQL both are.
 */
export const GERMAN_COLLATION = 'de-DE-x-icu';
