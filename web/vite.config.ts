import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CodeSplittingGroup } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/** The gateway serves /graphql, /api and /health; in development Vite forwards them to it. */
const GATEWAY = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/api', '/graphql', '/health'].map((path) => [path, { target: GATEWAY, changeOrigin: false }]),
);

/**
 * Vendor groups, so the first screen loads few, long-cached chunks and every page arrives in its own
 * lazy chunk. Chakra (with the libraries under it) is split in two: what the entry draws (`$initial`)
 * and one lazy chunk with the rest (dialogs, menus, tabs...), which would otherwise weigh on the first
 * screen or scatter into dozens of tiny chunks. Apollo is lazy too: it loads while the session check
 * runs (app/App.tsx). Higher priority wins when a module matches two groups.
 */
const CHAKRA =
  /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|@swc[\\/]helpers|stylis|hoist-non-react-statics|proxy-compare|csstype|react-icons)[\\/]/;

const vendorGroups: CodeSplittingGroup[] = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 40,
  },
  {
    name: 'chakra',
    test: CHAKRA,
    tags: ['$initial'],
    priority: 30,
  },
  {
    name: 'chakra-lazy',
    test: CHAKRA,
    priority: 25,
  },
  {
    name: 'apollo',
    test: /[\\/]node_modules[\\/](@apollo|@wry|graphql|graphql-tag|rxjs|optimism|tslib|@graphql-typed-document-node)[\\/]/,
    priority: 20,
  },
  /** charts are only used by pages that draw them; this keeps them out of everything else */
  { name: 'charts', test: /[\\/]node_modules[\\/](@nivo|d3-[^\\/]+|@react-spring)[\\/]/, priority: 10 },
];

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed
 * once at their best; the gateway sends them to browsers that accept them (gateway/src/web/spa.ts).
 */
const precompress = (): Plugin => ({
  name: 'domestique:precompress',
  apply: 'build',
  async writeBundle({ dir }, bundle) {
    if (!dir) return;
    const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json|txt)$/.test(file));
    await Promise.all(
      files.map(async (file) => {
        const path = join(dir, file);
        const body = await readFile(path);
        await writeFile(
          `${path}.br`,
          await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        await writeFile(`${path}.gz`, await gzipped(body, { level: constants.Z_BEST_COMPRESSION }));
      }),
    );
  },
});

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // `source` makes @domestique/proto resolve to its TypeScript source instead of its build output.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
