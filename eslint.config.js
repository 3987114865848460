// ESLint flat config: typescript-eslint's strict, type-checked rules over every TypeScript file
// (`npm run lint`, part of `npm run test:all` and so of CI).
//
// typescript-eslint needs TypeScript's JS API. The project compiles with TypeScript 7, the native
// compiler, whose package has no JS API, and typescript-eslint 8 accepts TypeScript < 6.1 as a peer.
// So typescript-eslint and TypeScript 6.0 live in their own workspace, tools/lint/, where npm
// installs them side by side (tools/lint/node_modules), and this file imports it from there. The
// override of ts-api-utils' peer (package.json) keeps that one package beside them too: hoisted to
// the root, it would load TypeScript 7 and fail.
import js from '@eslint/js';
import tseslint from '@sinew/lint-typescript';

const nodeGlobals = { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' };

export default tseslint.config(
  // AssemblyScript, not TypeScript: its own compiler checks it (tools/wasm-module-source.mjs).
  { ignores: ['dist/**', 'coverage/**', 'test-results/**', '**/node_modules/**', 'runtime/eval/wasm/assembly/**', 'nodes/math/wasm/assembly/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vite*.config.ts', 'vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Numbers and booleans in messages are what a rigger reads
      // ("bone 3", "frame 12.5"); the strict preset forbids even those. (Not allowArray: on the
      // recursive JsonValue type it overflows the stack in typescript-eslint 8.74.)
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // Off: three.js objects are narrowed by their flags (`isMesh`, `isLine`) and custom elements
      // made by tag name (document.createElement('sinew-minimap')), never by our constructors;
      // the rule would flag every such narrowing cast.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // `const { groups: _, ...rest } = graph` drops a key; a leading _ marks a name kept unused.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      // Off: about 1,100 `!` assert lookups that the compiler or loader has already guaranteed
      // (a slot of a compiled unit, a node id from the same graph). Replacing each with a check and a
      // thrown error adds a branch per site, several in per-frame kernels, and no clearer error for
      // input a user can give: bad input is rejected with a named error where it enters.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Off: it asks to delete checks of values that the types say are present but that come from
      // outside — a glTF, scene or graph file (typed by its format, read from a hostile or older
      // file: test/reliability), a DOM event, a browser without crypto.randomUUID. Those checks are
      // how bad input gets a named error instead of a TypeError.
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    // Lit calls a template's event listeners with `this` bound to the element (its `host` option):
    // `@click=${this.onClick}` is how Lit is written, not an unbound method.
    files: ['ui/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Tests read Blender's recorded fixtures, page state from the browser and CLI output as parsed
    // JSON, and check it field by field; typing each read would restate the fixture format in every
    // test. `any` itself stays an error (no-explicit-any) in tests too: test/parsed-json.ts names
    // the one it needs. A failed check's message shows whatever value was there (a list, a JSON
    // value, an array of numbers), for the developer reading it, so the template and `+` rules and
    // no-base-to-string are off; the harnesses' `run({ page })` methods are called unbound on purpose.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  { files: ['**/*.js', '**/*.mjs'], languageOptions: { globals: nodeGlobals } },
);
