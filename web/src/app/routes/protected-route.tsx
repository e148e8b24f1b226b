// Authentication guard (docs/product.md#screens-and-routes): spinner while the session is checked, /login for visitors, else the page.
import { Navigate, Outlet } from 'react-router';
import { ROLE_ADMIN } from '@/common/constants.js';
import { FullPageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

export function ProtectedRoute() {
  const { user, loading } = useAuth();

  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;
  return <Outlet />;
}

/** The admin screens: the server refuses their calls to anyone else, so another role is sent to
 * its own landing page instead of a screen that could only fail. */
export function AdminOnlyRoute() {
  const { user } = useAuth();
  if (user && user.role !== ROLE_ADMIN) return <Navigate to={paths.userLevels.getHref()} replace />;
  return <Outlet />;
}
