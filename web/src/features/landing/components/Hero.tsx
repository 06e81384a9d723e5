import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  Icon,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { MdArrowForward, MdBolt, MdFavorite, MdInsights, MdLoop } from 'react-icons/md';
import { Link as RouterLink } from 'react-router';
import { REGISTER_PATH } from '../landing-content';

const METRICS: { icon: IconType; label: string; detail: string }[] = [
  { icon: MdBolt, label: 'Power', detail: 'Watts and pacing, ride by ride' },
  { icon: MdFavorite, label: 'Heart rate', detail: 'Effort and efficiency trends' },
  { icon: MdLoop, label: 'Cadence', detail: 'Smoother pedalling, less fatigue' },
  { icon: MdInsights, label: 'AI feedback', detail: 'Strengths, weaknesses, next steps' },
];

/** The landing page's opening section: what Domestique is, and the way in. */
export function Hero() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      position="relative"
      overflow="hidden"
      color="white"
      bgGradient="to-br"
      gradientFrom="asphalt.950"
      gradientVia="asphalt.900"
      gradientTo="brand.900"
      pt={{ base: '28', md: '36' }}
      pb={{ base: '16', md: '28' }}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }} position="relative">
        <Flex
          direction={{ base: 'column', lg: 'row' }}
          align={{ lg: 'center' }}
          gap={{ base: '12', lg: '16' }}
        >
          <Stack gap={{ base: '5', md: '6' }} flex="1" maxW="2xl">
            <Badge
              alignSelf="flex-start"
              colorPalette="brand"
              variant="solid"
              size="lg"
              rounded="full"
              px="3"
            >
              Your AI cycling coach
            </Badge>
            <Heading
              id="hero-heading"
              as="h1"
              fontSize={{ base: '4xl', md: '6xl' }}
              lineHeight="1.05"
              letterSpacing="-0.03em"
              fontWeight="800"
            >
              AI coaching that makes{' '}
              <Box as="span" color="brand.400">
                every ride count
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="asphalt.100" maxW="xl">
              Sync your rides from Strava and get instant, personal feedback on your power, heart rate,
              cadence and pacing, so you know exactly what to work on next.
            </Text>
            <HStack gap="4" pt="2" flexWrap="wrap">
              <Button asChild size={{ base: 'lg', md: 'xl' }} colorPalette="brand" rounded="full" px="8">
                <RouterLink to={REGISTER_PATH}>
                  Get Started Free
                  <MdArrowForward aria-hidden />
                </RouterLink>
              </Button>
              <Text fontSize="sm" color="asphalt.200">
                Free plan includes 5 AI ride analyses a month.
              </Text>
            </HStack>
          </Stack>

          <SimpleGrid
            as="ul"
            listStyleType="none"
            m="0"
            p="0"
            columns={{ base: 1, sm: 2 }}
            gap={{ base: '3', sm: '4' }}
            flex="1"
            maxW={{ lg: 'lg' }}
          >
            {METRICS.map((metric) => (
              <Flex
                as="li"
                key={metric.label}
                direction={{ base: 'row', sm: 'column' }}
                align={{ base: 'center', sm: 'flex-start' }}
                gap={{ base: '4', sm: '3' }}
                p={{ base: '4', md: '5' }}
                rounded="2xl"
                bg="whiteAlpha.100"
                borderWidth="1px"
                borderColor="whiteAlpha.200"
                backdropFilter="blur(6px)"
              >
                <Icon
                  as={metric.icon}
                  aria-hidden
                  boxSize="9"
                  p="2"
                  rounded="lg"
                  bg="brand.600"
                  color="white"
                  flexShrink={0}
                />
                <Box>
                  <Text fontWeight="700" fontSize="lg">
                    {metric.label}
                  </Text>
                  <Text color="asphalt.200" fontSize="sm">
                    {metric.detail}
                  </Text>
                </Box>
              </Flex>
            ))}
          </SimpleGrid>
        </Flex>
      </Container>
    </Box>
  );
}
