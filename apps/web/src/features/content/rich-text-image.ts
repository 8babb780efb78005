import type { IpxModifiers } from '../../lib/ipx-url';

/** Optimisation options of an image in rich text (SPEC §5). */
export interface RichTextImageOptions {
  width?: number;
  height?: number;
  blur?: number;
  quality?: number;
  brightness?: number;
  rotate?: number;
  format?: string;
}

export const IMAGE_ROTATIONS = [0, 90, 180, 270] as const;
export const IMAGE_FORMATS = ['webp', 'png', 'jpeg'] as const;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const strictlyBetween0And100 = (value: unknown) => isNumber(value) && value > 0 && value < 100;

/** The problems of the options (German, for editors); empty when valid. */
export function imageOptionProblems(options: RichTextImageOptions): string[] {
  const problems: string[] = [];
  for (const key of ['width', 'height'] as const) {
    const value = options[key];
    if (value !== undefined && (!isNumber(value) || value < 0)) problems.push(`${key} muss eine Zahl ≥ 0 sein`);
  }
  if (options.width === 0 && options.height === 0) problems.push('width und height dürfen nicht beide 0 sein');
  for (const key of ['blur', 'quality', 'brightness'] as const) {
    const value = options[key];
    if (value !== undefined && !strictlyBetween0And100(value)) problems.push(`${key} muss zwischen 0 und 100 liegen`);
  }
  if (options.rotate !== undefined && !(IMAGE_ROTATIONS as readonly number[]).includes(options.rotate)) {
    problems.push('rotate muss 0, 90, 180 oder 270 sein');
  }
  if (options.format !== undefined && !(IMAGE_FORMATS as readonly string[]).includes(options.format)) {
    problems.push('format muss webp, png oder jpeg sein');
  }
  return problems;
}

/**
 * Only valid options become proxy modifiers: an invalid option is dropped (and
 * logged by the caller) instead of producing a broken image URL.
 */
export function imageModifiers(options: RichTextImageOptions): IpxModifiers {
  const modifiers: IpxModifiers = {};
  const single = (patch: RichTextImageOptions) => imageOptionProblems(patch).length === 0;
  const size = { width: options.width, height: options.height };
  if ((size.width !== undefined || size.height !== undefined) && single(size)) {
    if (size.width) modifiers.width = size.width;
    if (size.height) modifiers.height = size.height;
  }
  if (options.quality !== undefined && single({ quality: options.quality })) modifiers.quality = options.quality;
  if (options.blur !== undefined && single({ blur: options.blur })) modifiers.blur = options.blur;
  if (options.brightness !== undefined && single({ brightness: options.brightness })) {
    modifiers.brightness = 1 + options.brightness / 100;
  }
  if (options.rotate && single({ rotate: options.rotate })) modifiers.rotate = options.rotate;
  if (options.format !== undefined && single({ format: options.format })) {
    modifiers.format = options.format as IpxModifiers['format'];
  }
  return modifiers;
}
