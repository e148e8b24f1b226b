// Leaving a full-screen page: back to where the user came from inside the app, or to a fallback
// when the page was opened directly (no in-app history to go back to).
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useExitTo(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  }, [fallback, location.key, navigate]);
}
