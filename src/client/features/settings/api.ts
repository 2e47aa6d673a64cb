import { useQuery } from '@tanstack/react-query';
import type { Settings } from '../../../shared/schemas/settings';
import { api } from '../../lib/api';

export const settingsQueryKey = ['settings'] as const;

export const fetchSettings = () => api.get<Settings>('/api/settings');

export const useSettings = () => useQuery({ queryKey: settingsQueryKey, queryFn: fetchSettings });

/** Whom the roster's load-failure toast tells people to yell at. */
export const contactHostName = (settings: Settings | undefined) => settings?.contactHostName || 'the event host';
