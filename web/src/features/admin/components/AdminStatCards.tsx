import { Card, HStack, Icon, IconButton, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import type { AdminStatsDto } from '@domestique/proto';
import { AdminMessages } from '@domestique/proto/messages';
import type { IconType } from 'react-icons';
import { MdAttachMoney, MdInfoOutline, MdPeople, MdStar, MdWorkspacePremium } from 'react-icons/md';
import { Tooltip } from '../../../app/components/Tooltip';
import { formatRevenue } from '../admin-format';

interface StatCardProps {
  label: string;
  value: string | undefined;
  icon: IconType;
  note?: string;
}

function StatCard({ label, value, icon, note }: StatCardProps) {
  return (
    <Card.Root>
      <Card.Body>
        <Stat.Root>
          <HStack justify="space-between">
            <HStack gap="1">
              <Stat.Label>{label}</Stat.Label>
              {note ? (
                <Tooltip content={note}>
                  <IconButton aria-label={`About ${label}`} size="2xs" variant="ghost">
                    <MdInfoOutline />
                  </IconButton>
                </Tooltip>
              ) : null}
            </HStack>
            <Icon as={icon} color="brand.solid" boxSize="5" aria-hidden />
          </HStack>
          {value === undefined ? (
            <Skeleton height="8" width="16" />
          ) : (
            <Stat.ValueText aria-label={label}>{value}</Stat.ValueText>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** Total Users, Pro Subscribers, Elite Subscribers, Monthly Revenue (dollars). */
export function AdminStatCards({ stats }: { stats: AdminStatsDto | undefined }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      <StatCard label="Total Users" value={stats?.totalUsers.toLocaleString('en-US')} icon={MdPeople} />
      <StatCard label="Pro Subscribers" value={stats?.proUsers.toLocaleString('en-US')} icon={MdStar} />
      <StatCard
        label="Elite Subscribers"
        value={stats?.eliteUsers.toLocaleString('en-US')}
        icon={MdWorkspacePremium}
      />
      <StatCard
        label="Monthly Revenue"
        value={stats ? formatRevenue(stats.monthlyRevenue) : undefined}
        icon={MdAttachMoney}
        note={AdminMessages.revenueNote}
      />
    </SimpleGrid>
  );
}
