/**
 * React access to the page-wide game-session manager: its state, the stored session checked
 * once per page load, the guest history imported and the offline queue replayed whenever a
 * user is signed in, and the game queries refreshed after anything reached the server.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth } from '../../../shared/auth/auth-provider';
import { i18n } from '../../../shared/i18n';
import { gamesKeys } from '../api';
import { getGameSessionManager, type GameSessionManager, type GameSessionState } from './game-session-manager';

function manager(): GameSessionManager {
  return getGameSessionManager({
    messages: () => ({
      startFailed: i18n.t('games:errors.startFailed'),
      endFailed: i18n.t('games:errors.endFailed'),
    }),
  });
}

export function useGameSession(): GameSessionState & { manager: GameSessionManager } {
  const m = manager();
  const state = useSyncExternalStore(m.subscribe, m.getSnapshot, m.getSnapshot);
  const { isAuthenticated, isLoading, user } = useAuth();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isLoading) void m.load();
  }, [m, isLoading]);

  useEffect(() => {
    if (isAuthenticated && user) {
      // The page's statistics are read again once the import has answered, whatever else
      // changed meanwhile (lastSyncTime below only tells of a change it can see).
      void m.migrateGuestHistory().then(() => queryClient.invalidateQueries({ queryKey: gamesKeys.all }));
      void m.flush();
    }
  }, [m, isAuthenticated, user, queryClient]);

  useEffect(() => {
    if (state.lastSyncTime !== null) void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
  }, [state.lastSyncTime, queryClient]);

  return { ...state, manager: m };
}
