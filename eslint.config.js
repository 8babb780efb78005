import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web app layers (as in bulletproof-react): lib/, components/ and config/ are shared and import nothing above them;
// a feature uses the shared layers only, never another feature or the app shell; app/, layouts/ and pages/ compose.
const webSrc = 'apps/web/src';
const webFeatures = readdirSync(new URL(`${webSrc}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webBoundaries = {
  files: [`${webSrc}/**/*.{ts,tsx}`],
  plugins: { 'import-x': importX },
  // `.js` in an import may name a `.ts`/`.tsx` file (TypeScript's bundler resolution): resolve it, or the rule skips it.
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
  },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        basePath: import.meta.dirname,
        zones: [
          ...webFeatures.map((feature) => ({
            target: `${webSrc}/features/${feature}`,
            from: `${webSrc}/features`,
            except: [`./${feature}`],
            message: 'Features importieren einander nicht: Gemeinsames gehört nach components/ oder lib/.',
          })),
          {
            target: `${webSrc}/features`,
            from: [`${webSrc}/app`, `${webSrc}/layouts`, `${webSrc}/pages`],
            message: 'Features importieren nichts aus app/, layouts/ oder pages/.',
          },
          {
            target: [`${webSrc}/lib`, `${webSrc}/components`, `${webSrc}/config`],
            from: [`${webSrc}/features`, `${webSrc}/app`, `${webSrc}/layouts`, `${webSrc}/pages`],
            message: 'lib/, components/ und config/ sind gemeinsam genutzt und importieren nichts aus features/, app/, layouts/ oder pages/.',
          },
        ],
      },
    ],
  },
};

// The web's REST calls carry the answer and body types of @burgwall/shared (the zod schemas the server validates and
// serializes with), so web and server cannot drift: no hand-written shapes, one typed call per endpoint in a *-api.ts.
const sharedTypeMessage =
  'Keine handgeschriebenen API-Typen: den Typ aus @burgwall/shared verwenden (neben dem zod-Schema in packages/shared/src/api exportiert).';
const webApiTypes = {
  files: [`${webSrc}/**/*.{ts,tsx}`],
  ignores: [`${webSrc}/lib/api-client.ts`, `${webSrc}/**/*.test.{ts,tsx}`],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'CallExpression[callee.name=/^(apiRequest|apiCall)$/] > TSTypeParameterInstantiation TSTypeLiteral', message: sharedTypeMessage },
      {
        selector: "CallExpression[callee.name='apiCall']:not(:has(> TSTypeParameterInstantiation))",
        message: 'apiCall braucht den Antworttyp aus @burgwall/shared: apiCall<ClientLicense>(…).',
      },
      {
        selector: 'CallExpression[callee.name=/^(useApiQuery|useApiQueryWhen|callApi)$/] > TSTypeParameterInstantiation',
        message: 'Den Antworttyp nicht von Hand angeben: die Aufruffunktion im *-api.ts trägt ihn (useApiQuery(getX(id)), callApi(setX(id, body))).',
      },
      {
        selector: "CallExpression[callee.name='apiRequest']",
        message: 'REST-Aufrufe über die typisierten Funktionen im *-api.ts des Features (apiCall, callApi, useApiQuery), nicht apiRequest direkt.',
      },
    ],
  },
};

const requestCastRules = ['request', 'req'].map((name) => ({
  selector: `TSAsExpression > MemberExpression.expression[object.name='${name}'][property.name=/^(params|query|body)$/]`,
  message: 'Keine Casts von request.params/query/body: Schema an der Route angeben (fastify-type-provider-zod).',
}));

const outgoingMessage =
  'Ausgehende Anfragen nur über apps/server/src/http/outgoing: guardedFetch (Host wählt ein Mandant) oder serverConfiguredFetch (Host aus der Server-Konfiguration).';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Route handlers get params, query and body typed by their zod schemas (fastify-type-provider-zod); a cast would
    // hide a route without schema.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...requestCastRules],
    },
  },
  {
    // Requests to hosts a tenant can choose (SMTP servers, OAuth2 token URLs, webhooks) must go through the one SSRF
    // guard (apps/server/src/http/outgoing): it checks every resolved address at connect time. Whoever adds a request
    // has to pick guardedFetch (tenant-chosen host) or serverConfiguredFetch (host from the server's configuration).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/http/outgoing/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: outgoingMessage }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'undici', message: outgoingMessage },
            { name: 'node:http', importNames: ['request', 'get', 'Agent'], message: outgoingMessage },
            { name: 'node:https', importNames: ['request', 'get', 'Agent'], message: outgoingMessage },
            { name: 'node:net', importNames: ['connect', 'createConnection', 'Socket'], message: outgoingMessage },
            { name: 'node:tls', importNames: ['connect'], message: outgoingMessage },
            { name: 'http', message: outgoingMessage },
            { name: 'https', message: outgoingMessage },
            { name: 'net', message: outgoingMessage },
            { name: 'tls', message: outgoingMessage },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...requestCastRules,
        {
          selector:
            "CallExpression[callee.property.name='createTransport']:not([arguments.0.property.name='SMTP_URL']):not(:has(ObjectExpression > Property[key.name='host'] > Identifier[name='address']))",
          message: 'nodemailer.createTransport nur mit der geprüften Adresse aus resolvePublicAddress (siehe mail/mailer.ts) oder der Server-Konfiguration (SMTP_URL).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  webBoundaries,
  webApiTypes,
);
