import { Avatar, Box, Container, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MdStar } from 'react-icons/md';
import { TESTIMONIALS } from '../landing-content';

/** Three riders in their own words. */
export function Testimonials() {
  return (
    <Box as="section" aria-labelledby="testimonials-title" py={{ base: '14', md: '20' }} bg="bg">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Heading
          as="h2"
          id="testimonials-title"
          size={{ base: '2xl', md: '4xl' }}
          textAlign="center"
          color="asphalt.900"
          mb={{ base: '8', md: '12' }}
        >
          Loved by cyclists
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" m="0" p="0" columns={{ base: 1, md: 3 }} gap="6">
          {TESTIMONIALS.map((testimonial) => (
            <Box as="li" key={testimonial.name}>
              <Stack as="figure" gap="4" h="full" p="6" m="0" rounded="2xl" bg="bg.subtle" borderWidth="1px">
                <HStack gap="0.5" color="brand.600" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Icon key={star} as={MdStar} aria-hidden boxSize="5" />
                  ))}
                </HStack>
                <Text as="blockquote" m="0" fontSize="lg" color="fg" flex="1">
                  &ldquo;{testimonial.quote}&rdquo;
                </Text>
                <HStack as="figcaption" gap="3">
                  <Avatar.Root size="sm" colorPalette="brand">
                    <Avatar.Fallback name={testimonial.name} />
                  </Avatar.Root>
                  <Box>
                    <Text fontWeight="700">{testimonial.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {testimonial.role}
                    </Text>
                  </Box>
                </HStack>
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
