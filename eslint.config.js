// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // zod is read as a namespace (`import * as z`) so that the bundles keep only the parts they use:
    // a `z` value (the named export) drags in all of zod, its 40-odd locales included.
    files: ['functions/**/*.ts', 'schemas/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "ImportDeclaration[importKind!='type'][source.value=/(^|\\/)zod$/] > :matches(ImportSpecifier[importKind!='type'][imported.name='z'], ImportDefaultSpecifier)",
        message: "Import zod as a namespace: import * as z from 'zod' (or from schemas/zod)",
      }],
    },
  },
  {
    // The domain holds the rules only: no I/O, no AWS, no adapters. This is the purity check of the layout.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/functions/**', '**/infra/**', '**/scripts/**', '**/schemas/**'], message: 'domain/ must not depend on adapters, infra or schemas' },
          { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'electrodb', '@middy/*', '@aws-lambda-powertools/*', 'jose'], message: 'domain/ is pure: no AWS or framework imports' },
          { group: ['node:*', 'fs', 'fs/*', 'net', 'http', 'https', 'child_process', 'os', 'path', 'crypto'], message: 'domain/ is pure: no Node I/O modules' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'domain/ does no I/O' },
        { name: 'process', message: 'domain/ reads no environment' },
      ],
      'no-restricted-properties': ['error',
        { object: 'Date', property: 'now', message: 'time comes in through the context' },
        { object: 'Math', property: 'random', message: 'randomness comes in through the context' },
      ],
    },
  },
  {
    // The screens' browser code (functions/http/screen-scripts.ts serves it): the browser's globals, none of Node's.
    files: ['functions/http/screens/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['node:*', '**/functions/platform/**', '**/functions/store/**'], message: 'browser code: no Node or server modules' }],
      }],
      'no-restricted-globals': ['error', { name: 'process', message: 'browser code reads no environment' }],
    },
  },
);
