import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'bench/data/**', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    // A request's context and the server's dependencies are copied with Object.assign or written out:
    // V8's object spread of them made every request's context outlive the young generation's
    // collections (docs/decisions.md, "Contexts copied without object spread").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ObjectExpression > SpreadElement[argument.name=/^(ctx|context|deps)$/]", message: 'Copy a context or the dependencies with Object.assign or write them out: V8 keeps object spreads of them past the young generation.' },
      ],
    },
  },
  {
    // The domain package holds pure rules: no clock, no I/O.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: 'Pass the time in; the domain has no clock.' },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Pass the time in; the domain has no clock.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'react', '@sitelens/server', '@sitelens/web', '*/apps/*'] }],
    },
  },
  {
    // Every text a user reads goes through i18next: no literal words in JSX, neither as text nor in
    // the attributes people read (labels, titles, placeholders, tooltips, errors). Attributes that
    // are not text (class names, test ids, keys, variants, sizes, colours) stay free, and so do
    // symbols, digits and units written as codes.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/**/dev/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['title', 'alt', 'placeholder', 'label', 'description', 'error', 'message', 'hint', 'tooltip', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder', 'children'],
          },
          // Symbols and digits, constants, hex colours, single identifier-like words (keys, codes:
          // 'label', 'timespan') and units written as codes are not text to translate.
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·–—…×°²³µ]+', '[A-Z_-]+', '#[0-9A-Fa-f]{3,8}', '[a-z][a-zA-Z0-9]*', '(px|rem|em|vh|vw|ms|s|%|ppm|kWh|m³|°C|lx|hPa)'] },
        },
      ],
    },
  },
);
