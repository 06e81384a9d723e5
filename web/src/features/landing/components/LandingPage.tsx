import { Box } from '@chakra-ui/react';
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
  return (
    <Box minH="100dvh" bg="bg">
      <TopBar />
      <Box as="main">
        <Hero />
        <FeatureCards />
        <StatisticsBand />
        <PromoBanner />
        <PricingSection />
        <Testimonials />
        <FreeTrialCta />
      </Box>
      <LandingFooter />
    </Box>
  );
}
