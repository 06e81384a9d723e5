import { Box } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Hero } from './Hero';
import { TopBar } from './TopBar';

/**
 * What lies below the hero is its own chunk: the first screen hydrates with the hero's code only,
 * and the rest (pricing, the waitlist dialog and their libraries) arrives while it paints.
 */
const belowHero = () => import('./BelowHero');
const LandingSections = lazy(() => belowHero().then((m) => ({ default: m.LandingSections })));
const LandingFooter = lazy(() => belowHero().then((m) => ({ default: m.LandingFooter })));

/**
 * The signed-out home page (spec sections 1 and 2): what Domestique does, the figures, the promo,
 * the plans, riders' words, a last call to action and the footer.
 */
export function LandingPage() {
  // What lies below the hero is drawn just after it, in a transition React can interrupt, so the
  // first screen paints in one short task instead of one long one for the whole page.
  const [showBelowHero, setShowBelowHero] = useState(false);
  useEffect(() => startTransition(() => setShowBelowHero(true)), []);
  return (
    <Box minH="100dvh" bg="bg">
      <TopBar />
      <Box as="main">
        <Hero />
        {showBelowHero ? (
          <Suspense fallback={null}>
            <LandingSections />
          </Suspense>
        ) : null}
      </Box>
      {showBelowHero ? (
        <Suspense fallback={null}>
          <LandingFooter />
        </Suspense>
      ) : null}
    </Box>
  );
}
