/** Image screens, densities, format and quality of SPEC §9. */
export const IMAGE_SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_FORMAT = 'webp';
export const IMAGE_QUALITY = 100;
export const IMAGE_PROXY_PATH = '/_ipx';

export interface IpxModifiers {
  width?: number;
  height?: number;
  format?: 'webp' | 'png' | 'jpeg';
  quality?: number;
  blur?: number;
  rotate?: number;
  /** Brightness multiplier for ipx `modulate` (1 = unchanged). */
  brightness?: number;
}

/** /_ipx/{modifiers}/{file}; modifiers joined with '&' as ipx expects, '_' when there are none. */
export function ipxUrl(src: string, modifiers: IpxModifiers = {}): string {
  const parts: string[] = [];
  if (modifiers.width && modifiers.height) parts.push(`s_${modifiers.width}x${modifiers.height}`);
  else if (modifiers.width) parts.push(`w_${modifiers.width}`);
  else if (modifiers.height) parts.push(`h_${modifiers.height}`);
  if (modifiers.format) parts.push(`f_${modifiers.format}`);
  if (modifiers.quality) parts.push(`q_${modifiers.quality}`);
  if (modifiers.blur) parts.push(`blur_${modifiers.blur}`);
  if (modifiers.rotate) parts.push(`rotate_${modifiers.rotate}`);
  if (modifiers.brightness && modifiers.brightness !== 1) parts.push(`modulate_${modifiers.brightness},1,0`);
  const file = src.replace(/^\/+/, '');
  return `${IMAGE_PROXY_PATH}/${parts.join('&') || '_'}/${file}`;
}

/** `srcset` entries for every screen width at densities 1 and 2 (webp, quality 100). */
export function responsiveSrcSet(src: string, maxWidth: number = IMAGE_SCREENS['2xl']): string {
  const widths = new Set<number>();
  for (const screen of Object.values(IMAGE_SCREENS)) {
    if (screen > maxWidth) continue;
    for (const density of IMAGE_DENSITIES) widths.add(screen * density);
  }
  return [...widths]
    .sort((a, b) => a - b)
    .map((width) => `${ipxUrl(src, { width, format: IMAGE_FORMAT, quality: IMAGE_QUALITY })} ${width}w`)
    .join(', ');
}

/** `sizes` built from the screens: full width up to `maxWidth`. */
export function responsiveSizes(maxWidth: number = IMAGE_SCREENS['2xl']): string {
  return `(max-width: ${maxWidth}px) 100vw, ${maxWidth}px`;
}
