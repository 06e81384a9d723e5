import { Badge, Card, Heading, Table, Text } from '@chakra-ui/react';
import type { PlanWeekDto } from '@domestique/proto';
import { dayLabel } from '../../training/load-ranges';
import { PHASE_LABELS, PHASE_PALETTES } from '../plan-text';

/** Week by week: phase, recovery, target against planned and completed load, the CTL aimed at, and why. */
export function PlanWeeksTable({
  weeks,
  currentWeekStart,
}: {
  weeks: PlanWeekDto[];
  currentWeekStart: string;
}) {
  return (
    <Card.Root as="section" aria-labelledby="plan-weeks-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="plan-weeks-heading">
          Weeks
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Load in TSS: the week&apos;s target, what its sessions plan, and what you have ridden so far
        </Text>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea tabIndex={0} aria-label="Weeks">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Week</Table.ColumnHeader>
                <Table.ColumnHeader>Phase</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Target</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Planned</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Completed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Target CTL</Table.ColumnHeader>
                <Table.ColumnHeader minW="64">Why</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {weeks.map((week) => {
                const current = week.weekStart === currentWeekStart;
                return (
                  <Table.Row
                    key={week.index}
                    aria-current={current ? 'date' : undefined}
                    bg={current ? 'brand.subtle' : undefined}
                  >
                    <Table.Cell whiteSpace="nowrap">
                      {week.index} · {dayLabel(week.weekStart)}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <Badge colorPalette={PHASE_PALETTES[week.phase]} variant="subtle">
                        {PHASE_LABELS[week.phase]}
                      </Badge>{' '}
                      {week.recovery ? (
                        <Badge colorPalette="gray" variant="outline">
                          Recovery
                        </Badge>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{Math.round(week.targetLoad)}</Table.Cell>
                    <Table.Cell textAlign="end">{Math.round(week.plannedLoad)}</Table.Cell>
                    <Table.Cell textAlign="end">{Math.round(week.completedLoad)}</Table.Cell>
                    <Table.Cell textAlign="end">{Math.round(week.targetCtl)}</Table.Cell>
                    <Table.Cell fontSize="sm">{week.explanation}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}
