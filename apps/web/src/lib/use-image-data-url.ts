import { useEffect, useState } from 'react';
import { fetchImageDataUrl } from './image-data-url';

/** One fetch per URL for the page's lifetime: the same placeholder on many renders is inlined once. */
const cache = new Map<string, Promise<string | null>>();

function cachedDataUrl(url: string): Promise<string | null> {
  let pending = cache.get(url);
  if (!pending) {
    // A placeholder is decoration: when it cannot be loaded the image simply shows without it.
    pending = fetchImageDataUrl(url).catch(() => null);
    cache.set(url, pending);
  }
  return pending;
}

/** The data URL of a same-origin image once loaded, else null (also while loading and when it failed). */
export function useImageDataUrl(url: string | null): string | null {
  const [loaded, setLoaded] = useState<{ url: string; dataUrl: string | null } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void cachedDataUrl(url).then((dataUrl) => {
      if (current) setLoaded({ url, dataUrl });
    });
    return () => {
      current = false;
    };
  }, [url]);
  return loaded && loaded.url === url ? loaded.dataUrl : null;
}
