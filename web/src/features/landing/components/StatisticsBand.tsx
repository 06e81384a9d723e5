import { Box, Container, SimpleGrid, Text } from '@chakra-ui/react';
import { STATISTICS } from '../landing-content';

/** Spec section 1's figures, large. */
export function StatisticsBand() {
  return (
    <Box
      as="section"
      aria-labelledby="statistics-title"
      bg="asphalt.900"
      color="white"
      py={{ base: '12', md: '16' }}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Text as="h2" id="statistics-title" srOnly>
          Domestique in numbers
        </Text>
        <SimpleGrid
          as="dl"
          columns={{ base: 2, md: 4 }}
          gap={{ base: '8', md: '6' }}
          textAlign="center"
          m="0"
        >
          {STATISTICS.map((statistic) => (
            <Box key={statistic.label} display="flex" flexDirection="column-reverse" gap="1">
              <Text as="dt" color="asphalt.200" fontSize={{ base: 'sm', md: 'md' }}>
                {statistic.label}
              </Text>
              <Text
                as="dd"
                m="0"
                fontSize={{ base: '3xl', md: '5xl' }}
                fontWeight="800"
                letterSpacing="-0.02em"
                color="brand.300"
              >
                {statistic.value}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
