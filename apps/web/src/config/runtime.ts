/** Values that differ per installation; set at build time via VITE_* variables. */
export const runtimeConfig = {
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@burgwall.de',
  productName: 'Burgwall',
} as const;
