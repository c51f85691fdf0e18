// The one lint set-up (decisions 030 and 053): ESLint's and typescript-eslint's recommended rules; React's
// hooks rules for the front ends; three type-aware promise rules wherever TypeScript runs.
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const REACT_CODE = ['dashboard/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'widget/**/*.ts']

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'data/',
      'server/db/generated/',
      'scratch/',
      'test-results/',
      'extensions/*/assets/',
      'app/.react-router/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log', 'table'] }],
    },
  },
  // Type-aware: each file is checked with the types of the tsconfig.json nearest to it (the root's for
  // server, shared, scripts, tests and bench; dashboard's, app's and widget's own).
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // React's recommended hooks rules, the React Compiler's checks of the Rules of React among them.
  { ...reactHooks.configs.flat.recommended, files: REACT_CODE },
  {
    files: REACT_CODE,
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // Off: it reports an extra render, not a wrong one, and it follows setState through async functions
      // (the session check sets its state only after an await). Decision 053.
      'react-hooks/set-state-in-effect': 'off',
      // Off: it only says the React Compiler would leave a component unmemoized; the project does not run it.
      'react-hooks/incompatible-library': 'off',
    },
  },
)
