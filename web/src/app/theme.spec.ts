import { describe, expect, it } from '@jest/globals';
import { lightModeOnly, system, UNUSED_PALETTES } from './theme';

// Node's file system, reached through a variable specifier so the browser-only type program (no
// Node types) does not try to resolve it (as in test/setup.ts).
interface FileSystem {
  readdirSync(path: string, options: { recursive: true; encoding: 'utf8' }): string[];
  readFileSync(path: string, encoding: 'utf8'): string;
}
const nodeFs = 'node:fs';
const { readdirSync, readFileSync } = (await import(nodeFs)) as FileSystem;
/** jest runs from the repository root */
const SOURCE = `${(globalThis as unknown as { process: { cwd(): string } }).process.cwd()}/web/src`;

/**
 * The theme carries only the recipes of the components the app uses (issue 10: a smaller first
 * screen). Every Chakra component imported anywhere must be listed here with the recipe it draws
 * with, and that recipe must be in the theme, or the component would render unstyled.
 */
const RECIPE_OF: Record<string, { recipe: string } | { slotRecipe: string } | null> = {
  Accordion: { slotRecipe: 'accordion' },
  Alert: { slotRecipe: 'alert' },
  Avatar: { slotRecipe: 'avatar' },
  Badge: { recipe: 'badge' },
  Box: null,
  Button: { recipe: 'button' },
  Card: { slotRecipe: 'card' },
  Center: null,
  Checkbox: { slotRecipe: 'checkbox' },
  ChakraProvider: null,
  CloseButton: { recipe: 'button' },
  Collapsible: { slotRecipe: 'collapsible' },
  Container: { recipe: 'container' },
  DataList: { slotRecipe: 'dataList' },
  Dialog: { slotRecipe: 'dialog' },
  Drawer: { slotRecipe: 'drawer' },
  EmptyState: { slotRecipe: 'emptyState' },
  Field: { slotRecipe: 'field' },
  Fieldset: { slotRecipe: 'fieldset' },
  Flex: null,
  Grid: null,
  GridItem: null,
  HStack: null,
  Heading: { recipe: 'heading' },
  Icon: { recipe: 'icon' },
  IconButton: { recipe: 'button' },
  Input: { recipe: 'input' },
  InputGroup: { recipe: 'inputAddon' },
  Link: { recipe: 'link' },
  LinkBox: null,
  LinkOverlay: null,
  List: { slotRecipe: 'list' },
  Menu: { slotRecipe: 'menu' },
  NativeSelect: { slotRecipe: 'nativeSelect' },
  Portal: null,
  Separator: { recipe: 'separator' },
  Progress: { slotRecipe: 'progress' },
  SegmentGroup: { slotRecipe: 'segmentGroup' },
  SimpleGrid: null,
  Skeleton: { recipe: 'skeleton' },
  Spinner: { recipe: 'spinner' },
  Stack: null,
  Stat: { slotRecipe: 'stat' },
  Table: { slotRecipe: 'table' },
  Tabs: { slotRecipe: 'tabs' },
  Text: null,
  Textarea: { recipe: 'textarea' },
  Toast: { slotRecipe: 'toast' },
  Toaster: { slotRecipe: 'toast' },
  Tooltip: { slotRecipe: 'tooltip' },
  VStack: null,
  VisuallyHidden: null,
  Wrap: null,
};

/** The app's source files (not its specs), relative to web/src. */
const sourceFiles = (): string[] =>
  readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.spec\.tsx?$/.test(file),
  );

/** The components (capitalised names, not `...Props` types) imported from '@chakra-ui/react'. */
const importedComponents = (): string[] => {
  const names = new Set<string>();
  for (const file of sourceFiles()) {
    const text = readFileSync(`${SOURCE}/${file}`, 'utf8');
    for (const [, list] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const entry of list!.split(',')) {
        const name = entry
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && !name.endsWith('Props')) names.add(name);
      }
    }
  }
  return [...names].sort();
};

describe('the theme', () => {
  it('finds the components the app imports', () => {
    expect(importedComponents()).toEqual(expect.arrayContaining(['Button', 'Dialog', 'Heading', 'Menu']));
  });

  it.each(importedComponents())('has the recipe %s draws with', (component) => {
    expect(Object.keys(RECIPE_OF)).toContain(component);
    const styling = RECIPE_OF[component];
    if (styling && 'recipe' in styling) expect(system.isRecipe(styling.recipe)).toBe(true);
    if (styling && 'slotRecipe' in styling) expect(system.isSlotRecipe(styling.slotRecipe)).toBe(true);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });

  it('carries the light colour mode only: no CSS variables for a dark mode nothing switches on', () => {
    expect([...system.tokens.cssVarMap.keys()]).toEqual(['base']);
    expect(JSON.stringify(system._global)).not.toContain('.dark');
    expect(system.token('colors.fg', 'missing')).toBe('var(--chakra-colors-fg)');
    expect(
      lightModeOnly({ fg: { value: { _light: 'black', _dark: 'white' } }, x: { value: 'red' } }),
    ).toEqual({
      fg: { value: 'black' },
      x: { value: 'red' },
    });
  });

  it('leaves out the palettes no screen names, and no screen names one of them', () => {
    for (const palette of UNUSED_PALETTES) {
      expect(system.token(`colors.${palette}.500`, 'missing')).toBe('missing');
      expect(system.token('colors.green.500', 'missing')).not.toBe('missing');
    }
    const named = sourceFiles()
      .filter((file) => !file.endsWith('theme.ts') && !file.includes('/gql/'))
      .filter((file) =>
        UNUSED_PALETTES.some((palette) =>
          new RegExp(`['"\`]${palette}(['"\`.])`).test(readFileSync(`${SOURCE}/${file}`, 'utf8')),
        ),
      );
    expect(named).toEqual([]);
  });
});
