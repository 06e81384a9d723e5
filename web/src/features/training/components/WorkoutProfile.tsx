import { Box } from '@chakra-ui/react';
import type { WorkoutStepDto } from '@domestique/proto';
import { stepProfile } from '../step-profile';

/**
 * A session's steps as a small bar profile: widths are each step's share of the session, heights its
 * intensity (%FTP). The steps are listed in words beside it, so the picture is decoration to a
 * screen reader, named by `label`.
 */
export function WorkoutProfile({ steps, label }: { steps: readonly WorkoutStepDto[]; label: string }) {
  const bars = stepProfile(steps);
  return (
    <Box
      role="img"
      aria-label={label}
      position="relative"
      height="10"
      width="full"
      bg="bg.subtle"
      rounded="sm"
      overflow="hidden"
      data-testid="workout-profile"
    >
      {bars.map((bar, index) => (
        <Box
          key={index}
          position="absolute"
          bottom="0"
          style={{ left: `${bar.left}%`, width: `${bar.width}%`, height: `${bar.height}%` }}
          bg={bar.color}
          borderRightWidth="1px"
          borderColor="bg"
          title={bar.description}
          data-percent-ftp={Math.round(bar.percentFtp)}
        />
      ))}
    </Box>
  );
}
