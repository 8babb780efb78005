import { Image, type ImageProps } from '@mantine/core';
import { IMAGE_FORMAT, IMAGE_QUALITY, IMAGE_SCREENS, ipxUrl, responsiveSizes, responsiveSrcSet } from '../lib/ipx-url';

export interface ResponsiveImageProps extends Omit<ImageProps, 'src'> {
  /** Path inside the image folder, e.g. 'landing/dashboard.png'. */
  src: string;
  alt: string;
  /** Widest rendering in CSS pixels; limits the srcset. */
  maxWidth?: number;
  width?: number;
  height?: number;
  /** Above-the-fold images may load eagerly; everything else is lazy (SPEC §9). */
  eager?: boolean;
}

/** An image through the /_ipx proxy with srcset for the SPEC screens and densities, webp, quality 100, lazy. */
export function ResponsiveImage({ src, alt, maxWidth = IMAGE_SCREENS['2xl'], width, height, eager = false, ...props }: ResponsiveImageProps) {
  return (
    <Image
      {...props}
      src={ipxUrl(src, { width: maxWidth, format: IMAGE_FORMAT, quality: IMAGE_QUALITY })}
      srcSet={responsiveSrcSet(src, maxWidth)}
      sizes={responsiveSizes(maxWidth)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
