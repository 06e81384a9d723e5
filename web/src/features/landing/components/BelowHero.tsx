import { Box } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { FeatureCards } from './FeatureCards';
import { FreeTrialCta } from './FreeTrialCta';
import { LandingFooter } from './LandingFooter';
import { PricingSection } from './PricingSection';
import { PromoBanner } from './PromoBanner';
import { StatisticsBand } from './StatisticsBand';
import { Testimonials } from './Testimonials';

/**
 * A part of the page the browser lays out and paints only near the viewport (`content-visibility:
 * auto`), sized meanwhile by its last known height, so drawing the page below the hero does not cost
 * one long layout of the whole page.
 */
function OffscreenSkippable({ children, estimate }: { children: ReactNode; estimate: string }) {
  return <Box css={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}` }}>{children}</Box>;
}

/** Each part of the landing after its hero, in page order, with the height it is sized by until drawn. */
const SECTIONS: { Section: ComponentType; estimate: string }[] = [
  { Section: FeatureCards, estimate: '1400px' },
  { Section: StatisticsBand, estimate: '500px' },
  { Section: PromoBanner, estimate: '350px' },
  { Section: PricingSection, estimate: '1600px' },
  { Section: Testimonials, estimate: '1100px' },
  { Section: FreeTrialCta, estimate: '400px' },
];

/** How many parts the landing draws after its hero: its sections, then the footer. */
export const BELOW_HERO_PARTS = SECTIONS.length + 1;

/** The first `count` parts after the hero, down to the last call to action. */
export function LandingSections({ count }: { count: number }) {
  return (
    <>
      {SECTIONS.slice(0, count).map(({ Section, estimate }) => (
        <OffscreenSkippable key={estimate + Section.name} estimate={estimate}>
          <Section />
        </OffscreenSkippable>
      ))}
    </>
  );
}

export { LandingFooter };
