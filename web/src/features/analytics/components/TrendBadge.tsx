import { Badge, HStack, Text } from '@chakra-ui/react';
import { FaArrowDown, FaArrowRight, FaArrowUp } from 'react-icons/fa';

/** "+12%", "-5.2%", "0%" with an arrow that follows the sign (colour never tells it alone). */
export function TrendBadge({
  change,
  emptyText,
  caption,
}: {
  change: number | null;
  /** shown when there is no percentage to give */
  emptyText: string;
  caption?: string;
}) {
  if (change === null)
    return (
      <Text fontSize="xs" color="fg.muted">
        {emptyText}
      </Text>
    );
  const [Icon, palette, sign, direction] =
    change > 0
      ? [FaArrowUp, 'green', '+', 'up']
      : change < 0
        ? [FaArrowDown, 'red', '', 'down']
        : [FaArrowRight, 'gray', '', 'unchanged'];
  return (
    <HStack gap="1.5" flexWrap="wrap">
      <Badge
        colorPalette={palette}
        variant="subtle"
        size="lg"
        aria-label={`${direction} ${Math.abs(change)}%`}
      >
        <Icon aria-hidden />
        {`${sign}${change}%`}
      </Badge>
      {caption ? (
        <Text fontSize="xs" color="fg.muted">
          {caption}
        </Text>
      ) : null}
    </HStack>
  );
}
