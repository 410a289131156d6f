/**
 * A one-shot call with its pending/success/error state, for the account forms. react-query's useMutation would
 * do, but it is the only user of the mutation observer in the app, and pulling that in splits react-query's core
 * out of the entry chunk and adds ~1.4 KB gzip to every first visit; this is the part the forms need.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

interface ActionOptions<A, R> {
  mutationFn: (arg: A) => Promise<R>;
  onSuccess?: (result: R) => void;
}

type ActionState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: unknown };

export function useAction<A, R>({ mutationFn, onSuccess }: ActionOptions<A, R>) {
  const [state, setState] = useState<ActionState>({ status: 'idle' });
  const latest = useRef({ mutationFn, onSuccess });
  useEffect(() => {
    latest.current = { mutationFn, onSuccess };
  });
  const mutate = useCallback((arg: A) => {
    setState({ status: 'pending' });
    latest.current.mutationFn(arg).then(
      (result) => {
        setState({ status: 'success' });
        latest.current.onSuccess?.(result);
      },
      (error: unknown) => setState({ status: 'error', error }),
    );
  }, []);
  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    error: state.status === 'error' ? state.error : null,
  };
}
