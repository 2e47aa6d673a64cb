import { useQuery } from '@tanstack/react-query';
import * as api from '@shared/api/me';
import { queryOf } from '@client/lib/api';

// The signed-in person's own Home: a DJ's signups and plays; for a member without roles, whom to ask.

export const useDjHome = () => useQuery(queryOf(api.getDjHome));

export const useMemberContact = () => useQuery(queryOf(api.getMemberContact));
