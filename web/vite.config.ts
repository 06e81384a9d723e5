import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The gateway serves /graphql, /api and /health; in development Vite forwards them to it. */
const GATEWAY = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(
  ['/api', '/graphql', '/health'].map((path) => [path, { target: GATEWAY, changeOrigin: false }]),
);

/**
 * Vendor groups, so the first screen loads React, Chakra and Apollo as three long-cached chunks and
 * every page arrives in its own lazy chunk. Higher priority wins when a module matches two groups.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 40,
  },
  {
    name: 'chakra',
    test: /[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|@swc[\\/]helpers|stylis|hoist-non-react-statics|proxy-compare|csstype)[\\/]/,
    priority: 30,
  },
  {
    name: 'apollo',
    test: /[\\/]node_modules[\\/](@apollo|@wry|graphql|graphql-tag|rxjs|optimism|tslib|@graphql-typed-document-node)[\\/]/,
    priority: 20,
  },
  /** charts are only used by pages that draw them; this keeps them out of everything else */
  { name: 'charts', test: /[\\/]node_modules[\\/](@nivo|d3-[^\\/]+|@react-spring)[\\/]/, priority: 10 },
];

export default defineConfig({
  plugins: [react()],
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
