/**
 * The player's Tetris controls: on the account for a signed-in player (GET/PUT
 * /api/games/tetris/settings), in this browser (`tetris-settings`) for a guest. A signed-in
 * player who never saved plays with what this browser has (their guest settings, or the
 * defaults) until they save.
 */
import { DEFAULT_TETRIS_SETTINGS, readTetrisSettings, type TetrisSettings } from '@moim/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { readJson, writeJson } from '../../../shared/storage';
import { gamesApi, tetrisSettingsQuery } from '../api';

export const TETRIS_SETTINGS_KEY = 'tetris-settings';

function browserSettings(): TetrisSettings {
  return readTetrisSettings(readJson<unknown>(TETRIS_SETTINGS_KEY)) ?? DEFAULT_TETRIS_SETTINGS;
}

export function useTetrisSettings(signedIn: boolean) {
  const qc = useQueryClient();
  const [local, setLocal] = useState<TetrisSettings>(browserSettings);
  const remote = useQuery({ ...tetrisSettingsQuery(), enabled: signedIn });
  const mutation = useMutation({
    mutationFn: (s: TetrisSettings) => gamesApi.saveTetrisSettings(s),
    onSuccess: (answer) => qc.setQueryData(tetrisSettingsQuery().queryKey, answer),
  });
  const settings = signedIn && remote.data && remote.data.updatedAt !== null ? remote.data.settings : local;
  const save = useCallback(
    async (s: TetrisSettings) => {
      if (signedIn) await mutation.mutateAsync(s);
      else {
        writeJson(TETRIS_SETTINGS_KEY, s);
        setLocal(s);
      }
    },
    [signedIn, mutation],
  );
  return { settings, save, saving: mutation.isPending, where: signedIn ? ('account' as const) : ('browser' as const) };
}
