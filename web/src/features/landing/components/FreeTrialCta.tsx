import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { MdArrowForward } from 'react-icons/md';
import { LOGIN_PATH } from '../landing-content';

/** The closing call to action: Start Your Free Trial (to /api/login, spec section 2). */
export function FreeTrialCta() {
  return (
    <Box
      as="section"
      aria-labelledby="free-trial-title"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="asphalt.900"
      color="white"
      py={{ base: '14', md: '20' }}
    >
      <Container maxW="3xl" px={{ base: '4', md: '6' }}>
        <Stack gap="5" align="center" textAlign="center">
          <Heading as="h2" id="free-trial-title" size={{ base: '2xl', md: '4xl' }}>
            Ready to make every ride count?
          </Heading>
          <Text fontSize={{ base: 'md', md: 'lg' }} color="asphalt.100">
            Connect Strava, ride as usual and read your first AI feedback today.
          </Text>
          <Button
            asChild
            size={{ base: 'lg', md: 'xl' }}
            bg="white"
            color="brand.800"
            _hover={{ bg: 'brand.50' }}
            rounded="full"
            px="8"
          >
            <a href={LOGIN_PATH}>
              Start Your Free Trial
              <MdArrowForward aria-hidden />
            </a>
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
