// The run viewer (/runs, /runs/{run_id}): Preact + dagre, built by scripts/setup.sh
// (`vite build web`) into web/dist, which the API serves (src/infra/http/viewer-routes.ts). JSX
// goes through esbuild's automatic runtime with Preact's jsx-runtime: no Babel preset needed.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/runs/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // No inline module-preload polyfill: the page's CSP allows no inline script.
    modulePreload: { polyfill: false },
  },
});
