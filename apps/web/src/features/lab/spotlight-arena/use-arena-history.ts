/**
 * The arena history: in this browser (localStorage, newest 200) for guests, in the account
 * (/api/lab/draws) when signed in, with a one-click move of the browser's records into the
 * account. Statistics: the server's for the account, computed here for the browser.
 */
import type { Draw, DrawBody } from '@moim/contract';
import { arenaStats } from '@moim/games';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useAuth } from '../../../shared/auth/auth-provider';
import { useBrowserState } from '../../../shared/lib/use-browser-state';
import { readJson, removeLocal, writeJson } from '../../../shared/storage';
import { drawsQuery, drawStatsQuery, labApi, labKeys } from '../api';

const LOCAL_KEY = 'lab-arena-history';
const LOCAL_MAX = 200;

export type HistoryRecord = DrawBody & { playedAt: string };

export function readLocalHistory(): HistoryRecord[] {
  const list = readJson<HistoryRecord[]>(LOCAL_KEY);
  return Array.isArray(list) ? list.filter((r) => r && typeof r.seed === 'string' && Array.isArray(r.winners)) : [];
}

const NO_RECORDS: HistoryRecord[] = [];

const fromServer = (d: Draw): HistoryRecord => ({ ...d, playedAt: d.playedAt });

export function useArenaHistory() {
  const { isAuthenticated } = useAuth();
  const qc = useQueryClient();
  // this browser's records: read once the prerendered page (drawn without them) has been adopted
  const [local, setLocal] = useBrowserState<HistoryRecord[]>(readLocalHistory, NO_RECORDS);
  const server = useQuery({ ...drawsQuery(), enabled: isAuthenticated });
  const serverStats = useQuery({ ...drawStatsQuery(), enabled: isAuthenticated });

  const records = useMemo(
    () => (isAuthenticated ? (server.data?.content.map(fromServer) ?? []) : local),
    [isAuthenticated, server.data, local],
  );
  const stats = useMemo(
    () =>
      isAuthenticated
        ? (serverStats.data?.participants ?? [])
        : arenaStats(local.map((r) => ({ ...r, entries: r.entries.map((e) => ({ name: e.name, weight: e.weight ?? 1 })) }))),
    [isAuthenticated, serverStats.data, local],
  );
  const pastWinners = useMemo(() => new Set(records.flatMap((r) => r.winners)), [records]);

  const refresh = useCallback(() => void qc.invalidateQueries({ queryKey: labKeys.draws() }), [qc]);

  const add = useCallback(
    async (record: HistoryRecord) => {
      if (isAuthenticated) {
        // optimistic: the draw shows in the list at once, the server confirms it
        qc.setQueryData(drawsQuery().queryKey, (old) =>
          old
            ? {
                ...old,
                content: [
                  {
                    ...record,
                    id: record.clientId,
                    mode: record.mode ?? null,
                    excluded: record.excluded ?? [],
                    entries: record.entries.map((e) => ({ name: e.name, weight: e.weight ?? 1 })),
                  },
                  ...old.content,
                ],
                totalElements: old.totalElements + 1,
              }
            : old,
        );
        try {
          await labApi.recordDraw(record);
        } finally {
          refresh();
        }
        return;
      }
      const next = [record, ...readLocalHistory()].slice(0, LOCAL_MAX);
      writeJson(LOCAL_KEY, next);
      setLocal(next);
    },
    [isAuthenticated, qc, refresh, setLocal],
  );

  const clear = useCallback(async () => {
    if (isAuthenticated) {
      await labApi.clearDraws();
      refresh();
    } else {
      removeLocal(LOCAL_KEY);
      setLocal([]);
    }
  }, [isAuthenticated, refresh, setLocal]);

  /** Moves the browser's records into the account (50 per call; the server skips ones it has). */
  const importLocal = useCallback(async () => {
    const all = readLocalHistory();
    let imported = 0;
    for (let i = 0; i < all.length; i += 50) imported += (await labApi.importDraws(all.slice(i, i + 50))).imported;
    removeLocal(LOCAL_KEY);
    setLocal([]);
    refresh();
    return imported;
  }, [refresh, setLocal]);

  return {
    source: isAuthenticated ? ('account' as const) : ('browser' as const),
    records,
    stats,
    pastWinners,
    loading: isAuthenticated && server.isPending,
    error: isAuthenticated && server.isError ? server.error : null,
    retry: () => void server.refetch(),
    localCount: isAuthenticated ? local.length : 0,
    add,
    clear,
    importLocal,
  };
}
