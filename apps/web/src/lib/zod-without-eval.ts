import { config } from 'zod/v4/core';

// zod 4 compiles object schemas with `new Function` when it may; the app's Content-Security-Policy forbids eval
// (no 'unsafe-eval'), so the browser would report a violation on every page. Interpreted parsing is fast enough here.
// `config` on its own (not the `z` namespace) so the first load does not carry all of zod.
config({ jitless: true });
