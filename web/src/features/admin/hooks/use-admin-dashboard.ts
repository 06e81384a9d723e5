import type {
  AdminPromoCodeDto,
  AdminStatsDto,
  AdminUserDto,
  Tier,
  UserDeletionDto,
} from '@domestique/proto';
import { AdminMessages } from '@domestique/proto/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../app/toaster';
import { statsWithoutUser } from '../admin-format';
import { AdminApiError, adminApi, type NewPromoCode } from '../api/admin-api';

interface Resource<T> {
  data: T | undefined;
  loading: boolean;
  error: string | null;
  reload: () => Promise<void>;
  /** changes the loaded value in place (after an action the server confirmed) */
  update: (change: (current: T) => T) => void;
}

/** One admin list or figure, loaded when the dashboard opens (no retry, spec section 9). */
function useAdminResource<T>(load: () => Promise<T>): Resource<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // only the latest load may set the figures: an older answer that arrives late is dropped
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const attempt = ++latest.current;
    setLoading(true);
    try {
      const loaded = await load();
      if (attempt !== latest.current) return;
      setData(loaded);
      setError(null);
    } catch (caught) {
      if (attempt !== latest.current) return;
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      if (attempt === latest.current) setLoading(false);
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const update = useCallback((change: (current: T) => T) => {
    setData((current) => (current === undefined ? current : change(current)));
  }, []);
  return { data, loading, error, reload, update };
}

/** How often, and how long, the dashboard follows a deletion until every service has purged. */
export const DELETION_POLL_MS = 1000;
const DELETION_POLL_LIMIT = 300;

export interface DeletionProgress {
  email: string;
  deletion: UserDeletionDto;
}

/** The deletions this admin started, followed until every service reports the user purged. */
function useDeletionProgress() {
  const [progress, setProgress] = useState<DeletionProgress[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);
  const show = useCallback((email: string, deletion: UserDeletionDto) => {
    setProgress((current) => [
      { email, deletion },
      ...current.filter((entry) => entry.deletion.userId !== deletion.userId),
    ]);
  }, []);
  /** Shows `first`, then polls until the purge completes, and then calls `onComplete`. */
  const follow = useCallback(
    (email: string, first: UserDeletionDto, onComplete: () => void) => {
      show(email, first);
      let attempts = 0;
      const poll = (deletion: UserDeletionDto) => {
        if (deletion.status === 'complete') {
          onComplete();
          return;
        }
        if (attempts++ >= DELETION_POLL_LIMIT) return;
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          adminApi.deletion(deletion.userId).then(
            (next) => {
              show(email, next);
              poll(next);
            },
            () => poll(deletion),
          );
        }, DELETION_POLL_MS);
        timers.current.add(timer);
      };
      poll(first);
    },
    [show],
  );
  return { progress, follow };
}

const serverMessageOf = (caught: unknown): string | undefined =>
  caught instanceof AdminApiError ? caught.serverMessage : undefined;

/** Stats, users and promo codes, and the admin's actions on them with the toasts of spec section 8. */
export function useAdminDashboard() {
  const stats = useAdminResource<AdminStatsDto>(adminApi.stats);
  const users = useAdminResource<AdminUserDto[]>(adminApi.users);
  const promoCodes = useAdminResource<AdminPromoCodeDto[]>(adminApi.promoCodes);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [busyPromoId, setBusyPromoId] = useState<string | null>(null);
  const [creatingPromo, setCreatingPromo] = useState(false);
  const deletions = useDeletionProgress();
  const followDeletion = deletions.follow;
  const reloadStats = stats.reload;
  const updateStats = stats.update;
  const updateUsers = users.update;
  const updatePromoCodes = promoCodes.update;

  const setTier = useCallback(
    async (user: AdminUserDto, tier: Tier): Promise<boolean> => {
      setBusyUserId(user.id);
      try {
        const change = await adminApi.setTier(user.id, tier);
        updateUsers((list) =>
          list.map((row) =>
            row.id === user.id ? { ...row, subscriptionTier: change.subscriptionTier } : row,
          ),
        );
        toast.success(AdminMessages.userUpdated, `${user.email} is now on the ${tier.toUpperCase()} plan.`);
        void reloadStats();
        return true;
      } catch {
        toast.error('Error', AdminMessages.updateFailed);
        return false;
      } finally {
        setBusyUserId(null);
      }
    },
    [reloadStats, updateUsers],
  );

  const deleteUser = useCallback(
    async (user: AdminUserDto): Promise<boolean> => {
      setBusyUserId(user.id);
      try {
        const deletion = await adminApi.deleteUser(user.id);
        updateUsers((list) => list.filter((row) => row.id !== user.id));
        // the cards drop the user at once; the server's figures replace them once every service
        // has purged the user (asked earlier, they would still count them)
        updateStats((current) => statsWithoutUser(current, user.subscriptionTier));
        followDeletion(user.email, deletion, () => void reloadStats());
        toast.success(AdminMessages.userDeleted, `${user.email} and all their data are being removed.`);
        return true;
      } catch {
        toast.error('Error', AdminMessages.deleteFailed);
        return false;
      } finally {
        setBusyUserId(null);
      }
    },
    [followDeletion, reloadStats, updateStats, updateUsers],
  );

  const createPromoCode = useCallback(
    async (promo: NewPromoCode): Promise<boolean> => {
      setCreatingPromo(true);
      try {
        const created = await adminApi.createPromoCode(promo);
        updatePromoCodes((list) => [created, ...list]);
        toast.success(AdminMessages.promoCreated, `${created.code} is ready to use.`);
        return true;
      } catch (caught) {
        toast.error('Error', serverMessageOf(caught) ?? AdminMessages.promoCreateFailed);
        return false;
      } finally {
        setCreatingPromo(false);
      }
    },
    [updatePromoCodes],
  );

  const deletePromoCode = useCallback(
    async (promo: AdminPromoCodeDto): Promise<boolean> => {
      setBusyPromoId(promo.id);
      try {
        await adminApi.deletePromoCode(promo.id);
        updatePromoCodes((list) => list.filter((row) => row.id !== promo.id));
        toast.success(AdminMessages.promoDeleted, `${promo.code} can no longer be used.`);
        return true;
      } catch {
        toast.error('Error', AdminMessages.promoDeleteFailed);
        return false;
      } finally {
        setBusyPromoId(null);
      }
    },
    [updatePromoCodes],
  );

  return {
    stats,
    users,
    promoCodes,
    busyUserId,
    busyPromoId,
    creatingPromo,
    deletions: deletions.progress,
    setTier,
    deleteUser,
    createPromoCode,
    deletePromoCode,
  };
}

export type AdminDashboard = ReturnType<typeof useAdminDashboard>;
