import type { CSSProperties } from 'react';
import type { IpxModifiers } from '../../lib/ipx-url';
import { useImageDataUrl } from '../../lib/use-image-data-url';

/** The preview: 24 px wide, webp, low quality (a few hundred bytes); the browser's scaling blurs it. */
export const PLACEHOLDER_MODIFIERS: IpxModifiers = { width: 24, format: 'webp', quality: 40 };

/**
 * A lazy image whose background is its tiny preview, inlined as a base64 data URL, until the full image has loaded
 * over it (images of other hosts have no preview).
 */
export function BlurUpImage({ src, placeholder, alt, style }: { src: string; placeholder: string | null; alt: string; style?: CSSProperties }) {
  const preview = useImageDataUrl(placeholder);
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      data-preview={preview ? 'data-url' : undefined}
      style={{ ...style, ...(preview ? { backgroundImage: `url("${preview}")`, backgroundSize: 'cover', backgroundRepeat: 'no-repeat' } : {}) }}
    />
  );
}
