import { Box, Container, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../../app/layout/BrandMark';
import { SUPPORT_EMAIL } from '../../faq/faq-content';

/** The landing page's footer: FAQ, Privacy Policy and the support address (spec section 2). */
export function LandingFooter() {
  return (
    <Box as="footer" bg="asphalt.950" color="asphalt.200" py={{ base: '10', md: '12' }}>
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="8">
          <Stack gap="3" maxW="sm">
            <BrandMark inverted />
            <Text fontSize="sm">
              AI coaching for cyclists: feedback on every ride, trends, goals and a coach to ask.
            </Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <HStack as="ul" listStyleType="none" m="0" p="0" gap={{ base: '5', md: '8' }} flexWrap="wrap">
              <li>
                <Link asChild color="white">
                  <RouterLink to="/faq">FAQ</RouterLink>
                </Link>
              </li>
              <li>
                <Link asChild color="white">
                  <RouterLink to="/privacy-policy">Privacy Policy</RouterLink>
                </Link>
              </li>
              <li>
                <Link href={`mailto:${SUPPORT_EMAIL}`} color="white">
                  {SUPPORT_EMAIL}
                </Link>
              </li>
            </HStack>
          </Box>
        </Flex>
        <Text fontSize="sm" mt="8" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.200">
          © {new Date().getFullYear()} Domestique. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
