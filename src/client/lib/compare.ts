// Compare (issue 16, ADR 022): up to COMPARE_LIMIT communities. Signed out the list lives in this
// browser (localStorage); signed in it lives on the account (/api/compare), and at sign-in the browser's
// list is merged into the account's and cleared here. The server enforces the limit too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { COMPARE_LIMIT, COMPARE_LIMIT_MESSAGE } from '../../contracts/constants';
import type { CompareList, CompareMergeResponse } from '../../contracts/compare';
import { useToast } from '../components/ui/use-toast';
import { apiRequest, getJson } from './api';
import { useAuth } from './auth';

export const COMPARE_URL = '/api/compare';
export const COMPARE_STORAGE_KEY = 'seniorscope.compare';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
const NO_IDS: number[] = [];
let cachedIds: number[] = NO_IDS;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's list: valid ids only, at most COMPARE_LIMIT, each once. Stable between changes. */
export function readLocalCompare(): number[] {
  const raw = storage()?.getItem(COMPARE_STORAGE_KEY) ?? null;
  if (raw === cachedRaw) return cachedIds;
  cachedRaw = raw;
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : [];
  } catch {
    parsed = [];
  }
  const ids = Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  // An empty list is the very snapshot the server rendered: hydration then needs no second render.
  cachedIds = ids.length ? [...new Set(ids)].slice(0, COMPARE_LIMIT) : NO_IDS;
  return cachedIds;
}

export function writeLocalCompare(ids: number[]): void {
  const s = storage();
  if (!s) return;
  if (ids.length === 0) s.removeItem(COMPARE_STORAGE_KEY);
  else s.setItem(COMPARE_STORAGE_KEY, JSON.stringify(ids.slice(0, COMPARE_LIMIT)));
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === COMPARE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const compareQueryOptions = () => queryOptions({ queryKey: [COMPARE_URL], queryFn: () => getJson<CompareList>(COMPARE_URL) });

/** The server's message of a failed request ('409: {"error":{...}}'), or a fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  const text = err instanceof Error ? err.message : '';
  const body = text.replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON
  }
  return fallback;
}

let merging: Promise<void> | null = null;

export function useCompare() {
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  // The server renders no list (it cannot read localStorage); hydration starts from the same (ADR 028).
  const local = useSyncExternalStore(subscribe, readLocalCompare, () => NO_IDS);
  const server = useQuery({ ...compareQueryOptions(), enabled: isAuthenticated });

  // At sign-in: the browser's list joins the account's (once, however many buttons use this hook).
  useEffect(() => {
    if (!isAuthenticated || local.length === 0 || merging) return;
    merging = (async () => {
      try {
        const res = await apiRequest('POST', `${COMPARE_URL}/merge`, { communityIds: local });
        const body = (await res.json()) as CompareMergeResponse;
        // The account's list is asked for as soon as the session is known, beside this merge: a read the server
        // answered before the merge, still on its way, would land after this and put the account's old list back
        // (the browser's copy is gone by then). The merge's answer is the list; such a read is dropped.
        const key = compareQueryOptions().queryKey;
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData(key, { communityIds: body.communityIds });
        writeLocalCompare([]);
        if (body.dropped.length > 0) {
          toast({ title: 'Compare list is full', description: `${body.dropped.length} from this browser did not fit. ${COMPARE_LIMIT_MESSAGE}` });
        }
      } catch {
        // Kept in the browser; the next page load tries again.
      } finally {
        merging = null;
      }
    })();
  }, [isAuthenticated, local, queryClient, toast]);

  const mutation = useMutation({
    mutationFn: async ({ id, add }: { id: number; add: boolean }) => {
      const res = add ? await apiRequest('POST', COMPARE_URL, { communityId: id }) : await apiRequest('DELETE', `${COMPARE_URL}/${id}`);
      return (await res.json()) as CompareList;
    },
    onSuccess: (data) => queryClient.setQueryData(compareQueryOptions().queryKey, data),
    onError: (err) => toast({ title: 'Compare', description: errorMessage(err, 'The compare list could not be changed. Please try again.'), variant: 'destructive' }),
  });

  const serverIds = server.data?.communityIds;
  const ids = useMemo(() => (isAuthenticated ? (serverIds ?? []) : local), [isAuthenticated, serverIds, local]);
  const { mutate } = mutation;

  const add = useCallback(
    (id: number) => {
      if (ids.includes(id)) return;
      if (ids.length >= COMPARE_LIMIT) {
        toast({ title: 'Compare list is full', description: COMPARE_LIMIT_MESSAGE, variant: 'destructive' });
        return;
      }
      if (isAuthenticated) mutate({ id, add: true });
      else writeLocalCompare([...local, id]);
    },
    [ids, isAuthenticated, local, mutate, toast],
  );

  const remove = useCallback(
    (id: number) => {
      if (isAuthenticated) mutate({ id, add: false });
      else writeLocalCompare(local.filter((x) => x !== id));
    },
    [isAuthenticated, local, mutate],
  );

  const clear = useCallback(async () => {
    if (!isAuthenticated) {
      writeLocalCompare([]);
      return;
    }
    const res = await apiRequest('PUT', COMPARE_URL, { communityIds: [] });
    queryClient.setQueryData(compareQueryOptions().queryKey, (await res.json()) as CompareList);
  }, [isAuthenticated, queryClient]);

  return {
    ids,
    ready: !authLoading && (!isAuthenticated || server.isSuccess),
    has: (id: number) => ids.includes(id),
    isFull: ids.length >= COMPARE_LIMIT,
    add,
    remove,
    clear,
    pending: mutation.isPending,
  };
}
