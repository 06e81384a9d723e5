// Node module hooks that run the services' TypeScript sources as they are (no build): `.ts` files are
// compiled by swc with the decorator metadata NestJS reads (the same options as jest.config.mjs),
// `./x.js` specifiers find `./x.ts`, and workspace packages resolve to their "source" entry points.
import { transformSync } from '@swc/core';
import { readFile } from 'node:fs/promises';

const SWC_OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'es6' },
};

export async function resolve(specifier, context, nextResolve) {
  const conditions = ['source', ...context.conditions];
  try {
    return await nextResolve(specifier, { ...context, conditions });
  } catch (error) {
    const fromTypeScript = context.parentURL?.endsWith('.ts') && /^\.{1,2}\//.test(specifier);
    if (!fromTypeScript || !specifier.endsWith('.js')) throw error;
    return nextResolve(`${specifier.slice(0, -'.js'.length)}.ts`, { ...context, conditions });
  }
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts') || url.includes('/node_modules/')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = transformSync(source, { ...SWC_OPTIONS, filename: new URL(url).pathname });
  return { format: 'module', source: code, shortCircuit: true };
}
