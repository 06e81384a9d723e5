import { Box, Button, Container, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { LANDING_PROMO_CODE } from '@domestique/proto/messages';
import { useEffect, useRef, useState } from 'react';
import { MdArrowForward, MdCheck, MdContentCopy } from 'react-icons/md';
import { toast } from '../../../app/toaster';
import { LOGIN_PATH } from '../landing-content';
import { COPIED_INDICATOR_MS, copyToClipboard, CopyToasts } from './copy-to-clipboard';

/**
 * The landing's promo banner (spec sections 1, 2, 4): 90% off the first month with DOMESTIQUE90,
 * a copy button that shows a checkmark for 2000 ms, and Start Your Journey (to /api/login).
 */
export function PromoBanner() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await copyToClipboard(LANDING_PROMO_CODE);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
      toast.success(CopyToasts.copied);
    } catch {
      toast.error(CopyToasts.failed, CopyToasts.failedDescription);
    }
  };

  return (
    <Box
      as="section"
      aria-labelledby="promo-banner-title"
      bg="brand.700"
      color="white"
      py={{ base: '8', md: '10' }}
    >
      <Container maxW="6xl" px={{ base: '4', md: '6' }}>
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ md: 'center' }}
          justify="space-between"
          gap="6"
        >
          <Stack gap="2">
            <Text
              id="promo-banner-title"
              as="h2"
              fontSize={{ base: '2xl', md: '3xl' }}
              fontWeight="800"
              lineHeight="1.1"
            >
              90% off your first month of Pro
            </Text>
            <Text color="brand.100">Use the code at checkout. Cancel any time.</Text>
          </Stack>
          <Flex direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} gap="4">
            <HStack
              gap="1"
              bg="whiteAlpha.200"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor="whiteAlpha.700"
              rounded="lg"
              ps="4"
              pe="1"
              py="1"
            >
              <Text
                fontFamily="mono"
                fontWeight="bold"
                fontSize="xl"
                letterSpacing="wider"
                data-testid="promo-code"
              >
                {LANDING_PROMO_CODE}
              </Text>
              <IconButton
                aria-label={copied ? 'Promo code copied' : 'Copy promo code'}
                variant="ghost"
                color="white"
                _hover={{ bg: 'whiteAlpha.300' }}
                onClick={() => void copy()}
              >
                {copied ? <MdCheck data-testid="copied-indicator" /> : <MdContentCopy />}
              </IconButton>
            </HStack>
            <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }} rounded="full">
              <a href={LOGIN_PATH}>
                Start Your Journey
                <MdArrowForward aria-hidden />
              </a>
            </Button>
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}
