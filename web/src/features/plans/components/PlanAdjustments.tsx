import { Badge, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { PlanAdjustmentDto } from '@domestique/proto';
import { formatRideDate } from '../../../app/format';
import { ADJUSTMENT_LABELS, newestFirst } from '../plan-text';

export const NO_ADJUSTMENTS_TEXT =
  'No changes yet. When a session is missed, ridden much harder, or your form calls for it, the plan adjusts and says why here.';

/** How the plan has changed itself, newest first, each change with its reason in plain words. */
export function PlanAdjustments({ adjustments }: { adjustments: PlanAdjustmentDto[] }) {
  return (
    <Card.Root as="section" aria-labelledby="plan-adjustments-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="plan-adjustments-heading">
          Adjustments
        </Heading>
      </Card.Header>
      <Card.Body>
        {adjustments.length === 0 ? (
          <Text color="fg.muted">{NO_ADJUSTMENTS_TEXT}</Text>
        ) : (
          <Stack as="ol" gap="3" m="0" p="0" listStyleType="none">
            {newestFirst(adjustments).map((adjustment) => (
              <Stack
                as="li"
                key={adjustment.id}
                gap="1"
                borderLeftWidth="3px"
                borderColor="brand.solid"
                ps="3"
              >
                <HStack gap="2" fontSize="sm" color="fg.muted">
                  <Badge variant="subtle">{ADJUSTMENT_LABELS[adjustment.kind]}</Badge>
                  <time dateTime={adjustment.createdAt}>{formatRideDate(adjustment.createdAt)}</time>
                </HStack>
                <Text>{adjustment.reason}</Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
