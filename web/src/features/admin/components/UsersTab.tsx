import { Box, HStack, Input, InputGroup, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import type { AdminUserDto, Tier } from '@domestique/proto';
import { AdminMessages } from '@domestique/proto/messages';
import { useMemo, useState } from 'react';
import { MdSearch } from 'react-icons/md';
import { TierBadge } from '../../../app/layout/TierBadge';
import {
  filterUsers,
  fullName,
  pageOf,
  shortDate,
  TIER_FILTER_OPTIONS,
  TABLE_PAGE_SIZE,
  type TierFilter,
} from '../admin-format';
import type { DeletionProgress } from '../hooks/use-admin-dashboard';
import { DeletionProgressList } from './DeletionProgressList';
import { Pager } from './Pager';
import { UserRowActions } from './UserRowActions';

interface UsersTabProps {
  users: AdminUserDto[] | undefined;
  loading: boolean;
  error: string | null;
  busyUserId: string | null;
  deletions: DeletionProgress[];
  onTier: (user: AdminUserDto, tier: Tier) => Promise<boolean>;
  onDelete: (user: AdminUserDto) => Promise<boolean>;
}

/** User Management: search, tier filter, the users table, a page at a time. */
export function UsersTab({ users, loading, error, busyUserId, deletions, onTier, onDelete }: UsersTabProps) {
  const [search, setSearch] = useState('');
  const [tier, setTier] = useState<TierFilter>('all');
  const [page, setPage] = useState(1);
  const matching = useMemo(() => filterUsers(users ?? [], search, tier), [users, search, tier]);
  const shown = pageOf(matching, page, TABLE_PAGE_SIZE);

  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <InputGroup flex="1" minW="60" startElement={<MdSearch aria-hidden />}>
          <Input
            aria-label="Search users"
            placeholder="Search by email or name..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </InputGroup>
        <NativeSelect.Root width="40">
          <NativeSelect.Field
            aria-label="Filter by tier"
            value={tier}
            onChange={(event) => {
              setTier(event.target.value as TierFilter);
              setPage(1);
            }}
          >
            {TIER_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <DeletionProgressList deletions={deletions} />
      {error ? (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      ) : null}
      <Box overflowX="auto" borderWidth="1px" rounded="lg" bg="bg">
        <Table.Root size="sm" aria-label="Users" aria-busy={loading}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>User</Table.ColumnHeader>
              <Table.ColumnHeader>Subscription</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Rides</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">AI Analyses</Table.ColumnHeader>
              <Table.ColumnHeader>Joined</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.items.map((user) => (
              <Table.Row key={user.id}>
                <Table.Cell>
                  <Text fontWeight="medium">{fullName(user)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {user.email}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <TierBadge tier={user.subscriptionTier} />
                </Table.Cell>
                <Table.Cell textAlign="end">{user.totalRides}</Table.Cell>
                <Table.Cell textAlign="end">{user.totalAiFeedback}</Table.Cell>
                <Table.Cell>{shortDate(user.createdAt)}</Table.Cell>
                <Table.Cell>
                  <UserRowActions
                    user={user}
                    busy={busyUserId === user.id}
                    onTier={(next) => void onTier(user, next)}
                    onDelete={() => onDelete(user)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {!loading && shown.items.length === 0 ? (
          <Text textAlign="center" color="fg.muted" py="8">
            {AdminMessages.noUsers}
          </Text>
        ) : null}
      </Box>
      <Pager page={shown.page} pages={shown.pages} onPage={setPage} label="Users pages" />
    </Stack>
  );
}
