import { Box, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { MdInsights, MdPsychology, MdSupportAgent } from 'react-icons/md';

const BENEFITS: { icon: IconType; title: string; text: string }[] = [
  {
    icon: MdPsychology,
    title: 'AI-Powered Analysis',
    text: 'Every ride explained from your power, heart rate and cadence, with no monthly limit.',
  },
  {
    icon: MdInsights,
    title: 'Performance Tracking',
    text: 'Trend graphs of power, heart-rate efficiency and cadence show what your training changes.',
  },
  {
    icon: MdSupportAgent,
    title: 'Personal Coaching',
    text: 'Ask your coach anything and get training recommendations grounded in your own rides.',
  },
];

/** "Why Choose Our Premium Plans?" (spec section 2). */
export function WhyPremium() {
  return (
    <Box as="section" aria-labelledby="why-premium-title" mt={{ base: '10', md: '14' }}>
      <Heading as="h2" size="2xl" id="why-premium-title" textAlign="center" mb="6" color="asphalt.900">
        Why Choose Our Premium Plans?
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {BENEFITS.map((benefit) => (
          <Stack
            key={benefit.title}
            gap="3"
            align="center"
            textAlign="center"
            p="6"
            bg="bg"
            rounded="xl"
            borderWidth="1px"
          >
            <Icon
              as={benefit.icon}
              boxSize="10"
              p="2"
              rounded="full"
              bg="brand.subtle"
              color="brand.fg"
              aria-hidden
            />
            <Heading as="h3" size="md">
              {benefit.title}
            </Heading>
            <Text color="fg.muted">{benefit.text}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}
