import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import serverBoundaries from './eslint/server-boundaries.js';
import { clientBoundaries } from './eslint/client-boundaries.js';

// Imports flow one way (docs/STYLE.md): server/ and client/ import common/, never each other.
const boundary = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'coverage/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: boundary([
      {
        group: ['**/server/**', '**/client/**'],
        message: 'common/ is the contract: it imports neither side.',
      },
      {
        group: ['node:*', 'react', 'react-dom'],
        message: 'common/ runs on both sides: no Node or DOM imports.',
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: boundary([{ group: ['**/client/**'], message: 'The server never imports client code.' }]),
  },
  ...serverBoundaries,
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary([
        { group: ['**/server/**'], message: 'The client talks to the server over HTTP only.' },
        { group: ['node:*'], message: 'The client runs in the browser.' },
      ]),
    },
  },
  {
    // Plain scripts the service worker imports (vite.config.ts, workbox.importScripts).
    files: ['client/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '.ci/**/*.mjs', 'bench/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  ...clientBoundaries,
);
