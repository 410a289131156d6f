/** Logout (spec §4): clears the session and the user's cached lists, then goes to the venue home. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { endSession } from './auth-session.ts';

export function useLogout(place: string): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    endSession('logout_success');
    queryClient.removeQueries({ queryKey: ['account'] });
    void navigate(`/${place}`);
  }, [navigate, place, queryClient]);
}
