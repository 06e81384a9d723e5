import { Badge, Button, Card, Heading, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { promoBadge } from '@domestique/proto/messages';
import { MdClose, MdLocalOffer } from 'react-icons/md';
import type { PromoCodeState } from '../hooks/use-promo-code';

interface PromoCodeCardProps {
  promo: PromoCodeState;
  /** everything waits while a checkout starts */
  disabled?: boolean;
}

/**
 * The promo box (spec sections 2, 4, 5): an upper-case input that Enter applies, Apply disabled
 * while blank or busy; once applied, the code, its badge ("90% OFF", "$25 OFF") and a clear button.
 */
export function PromoCodeCard({ promo, disabled = false }: PromoCodeCardProps) {
  const { input, applied, applying, change, apply, clear } = promo;
  return (
    <Card.Root as="section" aria-labelledby="promo-code-title" variant="outline" bg="bg">
      <Card.Body gap="3">
        <HStack gap="2">
          <MdLocalOffer aria-hidden />
          <Heading as="h2" size="md" id="promo-code-title">
            Have a promo code?
          </Heading>
        </HStack>
        {applied ? (
          <HStack justify="space-between" gap="3" wrap="wrap" role="status">
            <Stack gap="1">
              <HStack gap="2">
                <Text fontFamily="mono" fontWeight="bold" fontSize="lg">
                  {applied.code}
                </Text>
                <Badge colorPalette="green" variant="solid">
                  {promoBadge(applied)}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {applied.message}
              </Text>
            </Stack>
            <IconButton
              aria-label="Remove promo code"
              variant="ghost"
              size="sm"
              onClick={clear}
              disabled={disabled}
            >
              <MdClose />
            </IconButton>
          </HStack>
        ) : (
          <form noValidate onSubmit={(event) => void apply(event)}>
            <HStack gap="2" align="stretch">
              <Input
                aria-label="Promo code"
                name="promoCode"
                placeholder="Enter promo code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                fontFamily="mono"
                value={input}
                onChange={(event) => change(event.target.value)}
                disabled={disabled}
              />
              <Button
                type="submit"
                colorPalette="brand"
                variant="outline"
                disabled={disabled || applying || input.trim() === ''}
                loading={applying}
                loadingText="Applying..."
              >
                Apply
              </Button>
            </HStack>
          </form>
        )}
      </Card.Body>
    </Card.Root>
  );
}
