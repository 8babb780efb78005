import { z } from 'zod';

// zod 4 compiles object schemas with `new Function` when it may; the app's Content-Security-Policy forbids eval
// (no 'unsafe-eval'), so the browser would report a violation on every page. Interpreted parsing is fast enough here.
z.config({ jitless: true });
