import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { AdminPromoCodeDto } from '@domestique/proto';
import { AdminMessages } from '@domestique/proto/messages';
import { useState } from 'react';
import { MdAdd } from 'react-icons/md';
import { ConfirmDialog } from '../../../app/components/ConfirmDialog';
import {
  pageOf,
  promoDiscountBadge,
  promoStatus,
  promoUsage,
  promoValidPeriod,
  TABLE_PAGE_SIZE,
} from '../admin-format';
import type { NewPromoCode } from '../api/admin-api';
import { CreatePromoCodeDialog } from './CreatePromoCodeDialog';
import { Pager } from './Pager';

interface PromoCodesTabProps {
  promoCodes: AdminPromoCodeDto[] | undefined;
  loading: boolean;
  error: string | null;
  creating: boolean;
  busyPromoId: string | null;
  onCreate: (promo: NewPromoCode) => Promise<boolean>;
  onDelete: (promo: AdminPromoCodeDto) => Promise<boolean>;
}

/** Promo Codes: the table with status and usage, the empty state, the Create Promo Code dialog. */
export function PromoCodesTab({
  promoCodes,
  loading,
  error,
  creating,
  busyPromoId,
  onCreate,
  onDelete,
}: PromoCodesTabProps) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const shown = pageOf(promoCodes ?? [], page, TABLE_PAGE_SIZE);
  const empty = !loading && !error && (promoCodes ?? []).length === 0;

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Text fontWeight="semibold">Promo Codes</Text>
        {empty ? null : (
          <Button colorPalette="brand" size="sm" onClick={() => setOpen(true)}>
            <MdAdd aria-hidden />
            Create Promo Code
          </Button>
        )}
      </HStack>
      {error ? (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      ) : null}
      {empty ? (
        <Stack align="center" gap="4" py="12" borderWidth="1px" rounded="lg" bg="bg">
          <Text color="fg.muted">{AdminMessages.noPromoCodes}</Text>
          <Button colorPalette="brand" onClick={() => setOpen(true)}>
            <MdAdd aria-hidden />
            Create Your First Promo Code
          </Button>
        </Stack>
      ) : (
        <Box overflowX="auto" borderWidth="1px" rounded="lg" bg="bg">
          <Table.Root size="sm" aria-label="Promo codes" aria-busy={loading}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Code</Table.ColumnHeader>
                <Table.ColumnHeader>Discount</Table.ColumnHeader>
                <Table.ColumnHeader>Valid Period</Table.ColumnHeader>
                <Table.ColumnHeader>Usage</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.items.map((promo) => {
                const status = promoStatus(promo);
                return (
                  <Table.Row key={promo.id}>
                    <Table.Cell>
                      <Text fontFamily="mono" fontWeight="semibold">
                        {promo.code}
                      </Text>
                      {promo.description ? (
                        <Text fontSize="sm" color="fg.muted">
                          {promo.description}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette="brand">{promoDiscountBadge(promo)}</Badge>
                    </Table.Cell>
                    <Table.Cell fontSize="sm">{promoValidPeriod(promo)}</Table.Cell>
                    <Table.Cell>{promoUsage(promo)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={status === 'ACTIVE' ? 'green' : 'gray'}>{status}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <ConfirmDialog
                        trigger={{ label: 'Delete', size: 'sm' }}
                        title="Delete Promo Code"
                        body={`Are you sure you want to delete the promo code ${promo.code}? This action cannot be undone.`}
                        cancelLabel="Cancel"
                        confirmLabel="Delete Promo Code"
                        busyLabel="Deleting..."
                        busy={busyPromoId === promo.id}
                        onConfirm={() => onDelete(promo)}
                      />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Pager page={shown.page} pages={shown.pages} onPage={setPage} label="Promo code pages" />
      <CreatePromoCodeDialog open={open} onOpenChange={setOpen} busy={creating} onCreate={onCreate} />
    </Stack>
  );
}
