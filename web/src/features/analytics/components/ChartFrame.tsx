import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A chart's frame: its heading, a sentence that says what it shows (the figure's accessible
 * description, since an SVG chart says nothing to a screen reader), and a fixed-height plot area.
 */
export function ChartFrame({
  id,
  title,
  summary,
  height = { base: '64', md: '80' },
  children,
}: {
  id: string;
  title: string;
  summary: string;
  height?: { base: string; md: string };
  children: ReactNode;
}) {
  return (
    <Stack as="figure" gap="2" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} m="0">
      <Heading as="h3" size="md" id={`${id}-title`}>
        {title}
      </Heading>
      <Text id={`${id}-summary`} color="fg.muted" fontSize="sm">
        {summary}
      </Text>
      <Box height={height} width="full" data-testid={`${id}-chart`}>
        {children}
      </Box>
    </Stack>
  );
}

/** The box every chart tooltip uses. */
export function ChartTooltip({
  title,
  rows,
}: {
  title: string;
  rows: { label: string; value: string; color: string }[];
}) {
  return (
    <Box bg="white" borderWidth="1px" rounded="md" shadow="md" px="3" py="2" fontSize="sm" minW="36">
      <Text fontWeight="semibold" mb="1">
        {title}
      </Text>
      {rows.map((row) => (
        <Text key={row.label} display="flex" alignItems="center" gap="2">
          <Box as="span" width="3" height="3" rounded="sm" bg={row.color} flexShrink={0} />
          {row.label}: <strong>{row.value}</strong>
        </Text>
      ))}
    </Box>
  );
}
