// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

/**
 * ESLint blocks for the layers of functions/: an import of a sibling folder not in the folder's list is an
 * error. A file n folders below functions/ reaches functions/ itself with exactly n `../`, so one block per
 * depth tells `../jobs` (a folder of functions/) from `../jobs` inside app/ (app/jobs).
 * @param {Record<string, string[]>} allowed
 */
function layers(allowed) {
  const folders = Object.keys(allowed);
  return folders.flatMap((folder) => {
    const refused = folders.filter((f) => f !== folder && !allowed[folder].includes(f));
    if (refused.length === 0) return [];
    const message = `functions/${folder}/ imports only ${allowed[folder].join(', ') || 'nothing'} of functions/ (eslint.config.js, layers)`;
    return [1, 2, 3, 4, 5].map((depth) => ({
      files: [`functions/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
      ignores: ['functions/http/screens/**'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ regex: `^(\\.\\./){${depth}}(${refused.join('|')})(/|$)`, message }] }],
      },
    }));
  });
}

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
  // The layering of functions/, top to bottom: what each folder may import of the others. Imports point
  // down; a back-arrow would make a lower layer depend on what it serves. The entry points (http, jobs,
  // projections, live) sit on the application's use cases (app); below them the ports and their
  // implementations (adapters), the HTTP edge's access rules and idempotency (platform), the table
  // (store), and what every function runs on (runtime: configuration, logs, metrics, ids, typed errors).
  ...layers({
    http: ['app', 'platform', 'runtime'],
    jobs: ['app', 'adapters', 'runtime'],
    projections: ['live', 'app', 'adapters', 'store', 'runtime'],
    live: ['app', 'adapters', 'platform', 'store', 'runtime'],
    app: ['adapters', 'platform', 'store', 'runtime'],
    adapters: ['store', 'runtime'],
    platform: ['store', 'runtime'],
    store: ['runtime'],
    runtime: [],
  }),
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
            {
              group: ['node:*', '**/functions/platform/**', '**/functions/store/**', '**/functions/runtime/**', '**/functions/app/**'],
              message: 'browser code: no Node or server modules',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'process', message: 'browser code reads no environment' }],
    },
  },
  // Layout is Prettier's (npm run format; npm run lint checks it): no ESLint rule argues with it.
  prettier,
);
