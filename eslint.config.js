// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '.data/', 'coverage/', 'client/dist/'] },
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
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/(^|\\/)zod$/] > :matches(ImportSpecifier[importKind!='type'][imported.name='z'], ImportDefaultSpecifier)",
          message: "Import zod as a namespace: import * as z from 'zod' (or from schemas/zod)",
        },
      ],
    },
  },
  // The layering of functions/: imports point down (http, jobs, projections -> app -> store, platform,
  // adapters -> domain). A back-arrow would make a lower layer depend on what it serves. The application's
  // error types (functions/app/errors.ts) import nothing and are thrown by the store, so they are the
  // one part of app/ the lower layers may name.
  {
    files: ['functions/store/**/*.ts', 'functions/platform/**/*.ts', 'functions/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(http|jobs|projections)(/|$)',
              message: 'store/, platform/ and adapters/ must not depend on the handlers (http, jobs, projections)',
            },
            {
              regex: '^(\\.\\./)+app/(?!errors$)',
              message: 'store/, platform/ and adapters/ must not depend on the application layer (only app/errors)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/app/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(http|jobs|projections)(/|$)', message: 'app/ is called by routes and jobs, never the other way' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/projections/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+http(/|$)', message: 'jobs and projections reach tournaments through app/, not through the routes' },
          ],
        },
      ],
    },
  },
  // Routes and jobs reach the table only through the application's use cases.
  {
    files: ['functions/http/**/*.ts', 'functions/jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+http(/|$)', message: 'jobs and projections reach tournaments through app/, not through the routes' },
            { regex: '^(\\.\\./)+store(/|$)', message: 'routes and jobs reach storage through a use case in functions/app/' },
          ],
        },
      ],
    },
  },
  {
    // The domain holds the rules only: no I/O, no AWS, no adapters. This is the purity check of the layout.
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/**', '**/infra/**', '**/scripts/**', '**/schemas/**'],
              message: 'domain/ must not depend on adapters, infra or schemas',
            },
            {
              group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'electrodb', '@middy/*', '@aws-lambda-powertools/*', 'jose'],
              message: 'domain/ is pure: no AWS or framework imports',
            },
            {
              group: ['node:*', 'fs', 'fs/*', 'net', 'http', 'https', 'child_process', 'os', 'path', 'crypto'],
              message: 'domain/ is pure: no Node I/O modules',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'domain/ does no I/O' },
        { name: 'process', message: 'domain/ reads no environment' },
      ],
      'no-restricted-properties': [
        'error',
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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', '**/functions/platform/**', '**/functions/store/**'], message: 'browser code: no Node or server modules' },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'browser code reads no environment' }],
    },
  },
  // Layout is Prettier's (npm run format; npm run lint checks it): no ESLint rule argues with it.
  prettier,
);
