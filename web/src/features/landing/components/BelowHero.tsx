import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

/** Everything the landing shows after its hero, down to the last call to action. */
export function LandingSections() {
  return (
    <>
      <OffscreenSkippable estimate="1400px">
        <FeatureCards />
      </OffscreenSkippable>
      <OffscreenSkippable estimate="500px">
        <StatisticsBand />
      </OffscreenSkippable>
      <OffscreenSkippable estimate="350px">
        <PromoBanner />
      </OffscreenSkippable>
      <OffscreenSkippable estimate="1600px">
        <PricingSection />
      </OffscreenSkippable>
      <OffscreenSkippable estimate="1100px">
        <Testimonials />
      </OffscreenSkippable>
      <OffscreenSkippable estimate="400px">
        <FreeTrialCta />
      </OffscreenSkippable>
    </>
  );
}

export { LandingFooter };
