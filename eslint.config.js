// Lint: typescript-eslint (type-aware rules off: they double `tsc`'s time for little), React hooks
// and jsx-a11y. Formatting is prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'registry/generated/',
      'blocks/index.generated.ts',
      'blocks/options.generated.ts',
      'blocks/_validators.generated/',
      'admin/areas/index.generated.ts',
      'engine/core/i18n/messages.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Dialogs move focus to their first control (the WAI-ARIA dialog pattern).
      'jsx-a11y/no-autofocus': 'off',
      // Scrollable regions must be focusable (axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre', 'ul'], roles: ['tabpanel', 'list'], allowExpressionValues: true }],
    },
  },
  {
    // A library's private internals change without notice (and a reordering fails silently):
    // public API only. engine/core's own ban below replaces this one there (it bans jotai outright).
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['jotai/vanilla/internals', 'jotai/**/internals'],
              message: "jotai's internals are private: use the store's public API (store.sub, store.get, store.set).",
            },
          ],
        },
      ],
    },
  },
  {
    // engine/core is pure and Node-safe (its tsconfig leaves out the DOM): no UI library and
    // nothing from the layers above it.
    files: ['engine/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'jotai', 'jotai/*', 'wouter', 'socket.io-client', '@rjsf/*', '@tiptap/*'],
              message: 'engine/core is pure: no UI libraries.',
            },
            {
              group: ['**/engine/react/**', '**/engine/forms/**', '**/blocks/**', '**/admin/**', '**/web/**', '**/server/**', '../react/**', '../forms/**'],
              message: 'engine/core imports nothing above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests build deliberately broken documents and reach into them.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Hooks live in .ts files too.
    files: ['**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
