import { Box } from '@chakra-ui/react';
import { startTransition, useEffect, useState } from 'react';
import { FeatureCards } from './FeatureCards';
import { FreeTrialCta } from './FreeTrialCta';
import { Hero } from './Hero';
import { LandingFooter } from './LandingFooter';
import { PricingSection } from './PricingSection';
import { PromoBanner } from './PromoBanner';
import { StatisticsBand } from './StatisticsBand';
import { Testimonials } from './Testimonials';
import { TopBar } from './TopBar';

/**
 * The signed-out home page (spec sections 1 and 2): what Domestique does, the figures, the promo,
 * the plans, riders' words, a last call to action and the footer.
 */
export function LandingPage() {
  // What lies below the hero is drawn just after it, in a transition React can interrupt, so the
  // first screen paints in one short task instead of one long one for the whole page.
  const [belowHero, setBelowHero] = useState(false);
  useEffect(() => startTransition(() => setBelowHero(true)), []);
  return (
    <Box minH="100dvh" bg="bg">
      <TopBar />
      <Box as="main">
        <Hero />
        {belowHero ? (
          <>
            <FeatureCards />
            <StatisticsBand />
            <PromoBanner />
            <PricingSection />
            <Testimonials />
            <FreeTrialCta />
          </>
        ) : null}
      </Box>
      {belowHero ? <LandingFooter /> : null}
    </Box>
  );
}
