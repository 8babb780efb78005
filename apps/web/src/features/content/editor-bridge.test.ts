import { afterEach, describe, expect, it } from 'vitest';
import { loadEditorBridge } from './editor-bridge';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('editor bridge', () => {
  it('adds no script without _storyblok_tk', () => {
    expect(loadEditorBridge('?foo=1&storyblok=1', 'https://bridge.example/b.js')).toBe(false);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('adds the configured script once with _storyblok_tk', () => {
    expect(loadEditorBridge('?_storyblok_tk[token]=x&_storyblok_tk[timestamp]=1', 'https://bridge.example/b.js')).toBe(true);
    expect(loadEditorBridge('?_storyblok_tk=abc', 'https://bridge.example/b.js')).toBe(true);
    expect(loadEditorBridge('?_storyblok_tk=abc', 'https://bridge.example/b.js')).toBe(true);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://bridge.example/b.js');
  });
});
