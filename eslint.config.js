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
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression > MemberExpression.expression[object.name='request'][property.name=/^(params|query|body)$/]",
          message: 'Keine Casts von request.params/query/body: Schema an der Route angeben (fastify-type-provider-zod).',
        },
        {
          selector: "TSAsExpression > MemberExpression.expression[object.name='req'][property.name=/^(params|query|body)$/]",
          message: 'Keine Casts von request.params/query/body: Schema an der Route angeben (fastify-type-provider-zod).',
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
);
