import { Box, Container, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FEATURES } from '../landing-content';

/** What Domestique does, one card per capability. */
export function FeatureCards() {
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '20' }} bg="bg">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Stack gap="3" textAlign="center" mb={{ base: '8', md: '12' }} maxW="2xl" mx="auto">
          <Heading as="h2" id="features-title" size={{ base: '2xl', md: '4xl' }} color="asphalt.900">
            Everything you need to ride smarter
          </Heading>
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            Your rides, read by an AI coach: clear feedback, honest trends and a plan for the next session.
          </Text>
        </Stack>
        <SimpleGrid as="ul" listStyleType="none" m="0" p="0" columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {FEATURES.map((feature) => (
            <Stack
              as="li"
              key={feature.title}
              gap="3"
              p="6"
              rounded="2xl"
              borderWidth="1px"
              borderColor="border"
              bg="bg"
              shadow="xs"
              transition="box-shadow 0.2s, transform 0.2s"
              _hover={{ shadow: 'md', transform: 'translateY(-2px)' }}
            >
              <Icon
                as={feature.icon}
                aria-hidden
                boxSize="11"
                p="2.5"
                rounded="xl"
                bg="brand.subtle"
                color="brand.fg"
              />
              <Heading as="h3" size="lg" color="asphalt.900">
                {feature.title}
              </Heading>
              <Text color="fg.muted">{feature.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
