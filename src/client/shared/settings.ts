import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@shared/api/settings';
import type { SaveSettingsBody, Settings } from '@shared/schemas/settings';
import { call, queryKeyOf, queryOf } from '@client/lib/api';
import { meQueryKey } from './session';

// The community's global settings, read by most staff screens.

export const settingsQuery = () => queryOf(api.getSettings);

export const useSettings = () => useQuery(settingsQuery());

/** Home's "Set up your community": the settings still unset or at their shipped placeholder. */
export const useSetupChecklist = () => useQuery(queryOf(api.getSetupChecklist));

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSettingsBody) => call(api.saveSettings, { body }),
    onSuccess: (stored) => {
      queryClient.setQueryData(settingsQuery().queryKey, stored);
      // /api/me carries the series' zone, which staff pages write times beside (decision 042).
      return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeyOf(api.getSetupChecklist) }), queryClient.invalidateQueries({ queryKey: meQueryKey })]);
    },
  });
}

/** Whom the roster's load-failure toast tells people to yell at. */
export const contactHostName = (settings: Settings | undefined) => settings?.contactHostName || 'the event host';
