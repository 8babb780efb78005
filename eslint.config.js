import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
