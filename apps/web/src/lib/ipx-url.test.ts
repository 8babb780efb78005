import { describe, expect, it } from 'vitest';
import { ipxUrl, responsiveSrcSet } from './ipx-url';

describe('ipx URLs', () => {
  it('joins modifiers as ipx expects', () => {
    expect(ipxUrl('/landing/a.png', { width: 640, format: 'webp', quality: 100 })).toBe('/_ipx/w_640&f_webp&q_100/landing/a.png');
    expect(ipxUrl('a.png', { width: 10, height: 20, rotate: 90 })).toBe('/_ipx/s_10x20&rotate_90/a.png');
    expect(ipxUrl('a.png')).toBe('/_ipx/_/a.png');
  });

  it('builds a srcset over the screens at densities 1 and 2, limited by maxWidth', () => {
    const set = responsiveSrcSet('a.png', 768);
    const widths = set.split(', ').map((entry) => Number(entry.split(' ')[1]?.replace('w', '')));
    expect(widths).toEqual([320, 640, 768, 1280, 1536]);
    expect(set).toContain('/_ipx/w_1536&f_webp&q_100/a.png 1536w');
  });
});
