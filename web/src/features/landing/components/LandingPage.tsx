import { Box } from '@chakra-ui/react';
import { startTransition, useEffect, useState } from 'react';
import { nextTask } from '../../../app/start/yield-to-browser';
import { Hero } from './Hero';
import { TopBar } from './TopBar';

/**
 * What lies below the hero is its own chunk: the first screen hydrates with the hero's code only,
 * and the rest (pricing, the waitlist dialog and their libraries) arrives while it paints.
 */
const loadBelowHero = () => import('./BelowHero');
type BelowHero = Awaited<ReturnType<typeof loadBelowHero>>;

/**
 * The parts below the hero drawn so far: none in the page drawn at build time and while their code
 * loads, then one more per task, each committed before the next starts, so drawing the long page
 * is a row of short tasks the browser answers input between instead of one long one.
 */
function useBelowHero(): { belowHero: BelowHero | null; count: number } {
  const [belowHero, setBelowHero] = useState<BelowHero | null>(null);
  const [count, setCount] = useState(0);
  useEffect(() => {
    let current = true;
    void loadBelowHero().then((loaded) => {
      if (current) startTransition(() => setBelowHero(loaded));
    });
    return () => {
      current = false;
    };
  }, []);
  useEffect(() => {
    if (!belowHero || count >= belowHero.BELOW_HERO_PARTS) return;
    let current = true;
    void nextTask().then(() => {
      if (current) startTransition(() => setCount(count + 1));
    });
    return () => {
      current = false;
    };
  }, [belowHero, count]);
  return { belowHero, count };
}

/**
 * The signed-out home page (spec sections 1 and 2): what Domestique does, the figures, the promo,
 * the plans, riders' words, a last call to action and the footer.
 */
export function LandingPage() {
  const { belowHero, count } = useBelowHero();
  return (
    <Box minH="100dvh" bg="bg">
      <TopBar />
      <Box as="main">
        <Hero />
        {belowHero ? <belowHero.LandingSections count={count} /> : null}
      </Box>
      {belowHero && count >= belowHero.BELOW_HERO_PARTS ? <belowHero.LandingFooter /> : null}
    </Box>
  );
}
