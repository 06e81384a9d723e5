import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Every REST route and GraphQL operation of every service declares who may call it. The global
 * AccessGuard already refuses a handler without a rule at run time (deny by default); this test finds
 * such a handler before it ships, by reading every controller and resolver.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const HANDLER_DECORATORS = new Set([
  'Get',
  'Post',
  'Put',
  'Patch',
  'Delete',
  'All',
  'Query',
  'Mutation',
  'Subscription',
  'ResolveField',
  'ResolveReference',
]);
const CLASS_DECORATORS = new Set(['Controller', 'Resolver']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

/** @Access (message patterns check the caller's signed identity themselves) */
const ACCESS_DECORATORS = new Set(['Access']);

const decoratorNames = (node: ts.Node): string[] =>
  (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).map((decorator) => {
    const expression = ts.isCallExpression(decorator.expression)
      ? decorator.expression.expression
      : decorator.expression;
    return ts.isIdentifier(expression) ? expression.text : expression.getText();
  });

interface Handler {
  file: string;
  name: string;
  kind: string;
  guarded: boolean;
}

const handlersOf = (file: string): Handler[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Handler[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) && decoratorNames(node).some((name) => CLASS_DECORATORS.has(name))) {
      const classGuarded = decoratorNames(node).some((name) => ACCESS_DECORATORS.has(name));
      for (const member of node.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        const names = decoratorNames(member);
        const kind = names.find((name) => HANDLER_DECORATORS.has(name));
        if (!kind) continue;
        found.push({
          file: relative(ROOT, file),
          name: `${node.name?.text ?? '?'}.${member.name.getText(source)}`,
          kind,
          // a field resolver inherits its parent type's access; the rest declare their own
          guarded:
            classGuarded || names.some((name) => ACCESS_DECORATORS.has(name)) || kind === 'ResolveField',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const services = readdirSync(join(ROOT, 'services')).filter((name) => name !== 'common');
const handlers = services.flatMap((service) =>
  sourceFiles(join(ROOT, 'services', service, 'src')).flatMap(handlersOf),
);

describe('access rules', () => {
  it('finds the routes and operations of every service', () => {
    for (const service of services)
      expect(handlers.some((h) => h.file.startsWith(`services/${service}/`))).toBe(true);
    expect(handlers.length).toBeGreaterThan(40);
  });

  it('gives every route, query, mutation and reference resolver an @Access rule', () => {
    expect(
      handlers.filter((handler) => !handler.guarded).map((h) => `${h.file}: ${h.kind} ${h.name}`),
    ).toEqual([]);
  });

  it('keeps `public` for health checks only', () => {
    const publicOnes = services.flatMap((service) =>
      sourceFiles(join(ROOT, 'services', service, 'src')).filter((file) =>
        /@Access\([^)]*'public'/.test(readFileSync(file, 'utf8')),
      ),
    );
    expect(publicOnes.map((file) => relative(ROOT, file))).toEqual([]);
  });
});
