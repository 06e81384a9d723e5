import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the app uses (`defaultConfig`
 * carries all ~75, which the first screen would download). A component whose recipe is missing
 * renders unstyled; theme.spec.ts fails when an imported component has no recipe here.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const slotRecipes = {
  accordion: accordionSlotRecipe,
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

/**
 * Palettes no screen uses: each costs its tokens and CSS variables at start-up (about half of
 * createSystem's work on the first screen is colour tokens), so they are left out.
 */
export const UNUSED_PALETTES = ['teal', 'cyan', 'pink'] as const;
const withoutUnusedPalettes = <T extends { colors?: object }>(group: T): T => ({
  ...group,
  colors: Object.fromEntries(
    Object.entries(group.colors ?? {}).filter(
      ([name]) => !(UNUSED_PALETTES as readonly string[]).includes(name),
    ),
  ),
});

/** A semantic token's value: one colour, or one per colour mode (`{ _light, _dark }`). */
type SemanticValue = string | { _light?: unknown; _dark?: unknown; [condition: string]: unknown };

/**
 * The semantic tokens with their light value only. The app has one colour mode, light, and no way to
 * switch: each `_dark` branch is CSS for a `.dark` class nothing sets, and the conditions make up
 * about three quarters of createSystem's work, one long task before the first screen can hydrate.
 */
export const lightModeOnly = <T extends object>(group: T): T =>
  Object.fromEntries(
    Object.entries(group).map(([key, entry]: [string, unknown]) => {
      if (typeof entry !== 'object' || entry === null) return [key, entry];
      if (!('value' in entry)) return [key, lightModeOnly(entry)];
      const value = entry.value as SemanticValue;
      return [
        key,
        typeof value === 'object' && '_light' in value ? { ...entry, value: value._light } : entry,
      ];
    }),
  ) as T;

const defaultTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: withoutUnusedPalettes(tokens),
    semanticTokens: lightModeOnly(withoutUnusedPalettes(semanticTokens)),
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * Domestique's look: a warm "breakaway" orange for actions, a deep road-asphalt slate for text and
 * dark surfaces, system fonts (the CSP allows no third-party font host).
 */
const config = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    '#root': { minHeight: '100dvh' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
        },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#fff7ed' },
          100: { value: '#ffedd5' },
          200: { value: '#fed7aa' },
          300: { value: '#fdba74' },
          400: { value: '#fb923c' },
          500: { value: '#f97316' },
          600: { value: '#ea580c' },
          700: { value: '#c2410c' },
          800: { value: '#9a3412' },
          900: { value: '#7c2d12' },
          950: { value: '#431407' },
        },
        asphalt: {
          50: { value: '#f5f7fa' },
          100: { value: '#e4e8ef' },
          200: { value: '#c9d1de' },
          300: { value: '#a0adc2' },
          400: { value: '#7183a1' },
          500: { value: '#526586' },
          600: { value: '#40506d' },
          700: { value: '#344159' },
          800: { value: '#24304a' },
          900: { value: '#172033' },
          950: { value: '#0d1322' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // `solid` is brand.700 so white text on it meets WCAG AA (4.5:1).
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        asphalt: {
          solid: { value: '{colors.asphalt.900}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.asphalt.800}' },
          muted: { value: '{colors.asphalt.100}' },
          subtle: { value: '{colors.asphalt.50}' },
          emphasized: { value: '{colors.asphalt.200}' },
          focusRing: { value: '{colors.asphalt.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, defaultTheme, config);
