import { Box, Button, Container, Flex, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '../../../app/layout/BrandMark';

/** The landing page's top bar: the product name and Sign In. */
export function TopBar() {
  return (
    <Box as="header" position="absolute" top="0" insetX="0" zIndex="docked">
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex align="center" justify="space-between" minH={{ base: '16', md: '20' }}>
          <Link asChild _hover={{ textDecoration: 'none' }} rounded="md">
            <RouterLink to="/" aria-label="Domestique home">
              <BrandMark inverted />
            </RouterLink>
          </Link>
          <Button
            asChild
            size={{ base: 'sm', md: 'md' }}
            variant="outline"
            color="white"
            borderColor="whiteAlpha.600"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            <RouterLink to="/auth">Sign In</RouterLink>
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
