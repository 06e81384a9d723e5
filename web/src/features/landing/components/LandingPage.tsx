import { Box } from '@chakra-ui/react';
import { Hero } from './Hero';
import { PricingSection } from './PricingSection';
import { PromoBanner } from './PromoBanner';
import { TopBar } from './TopBar';

/**
 * The signed-out home page, built from sections. Later issues add the feature cards, pricing,
 * statistics, testimonials, promo banner and footer between and after these.
 */
export function LandingPage() {
  return (
    <Box minH="100dvh" bg="bg">
      <TopBar />
      <Box as="main">
        <Hero />
        <PromoBanner />
        <PricingSection />
      </Box>
    </Box>
  );
}
