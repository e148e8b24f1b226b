// Authentication guard (SPEC §2): spinner while the session is checked, /login for visitors, else the page.
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

export function ProtectedRoute() {
  const { user, loading } = useAuth();

  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}
