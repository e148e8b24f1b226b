// Authentication guard (docs/product.md#screens-and-routes): spinner while the session is checked, /login for visitors, else the page.
import { Navigate, Outlet } from 'react-router';
import { ROLE_ADMIN, ROLE_PUPIL } from '@/common/constants.js';
import { FullPageSpinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { getHomePath, useAuth } from '../../lib/auth';

export function ProtectedRoute() {
  const { user, loading, exitTo } = useAuth();

  if (loading) return <FullPageSpinner />;
  if (!user) return <Navigate to={exitTo ?? paths.login.getHref()} replace />;
  return <Outlet />;
}

/** The admin screens: the server refuses their calls to anyone else, so another role is sent to
 * its own landing page instead of a screen that could only fail. */
export function AdminOnlyRoute() {
  const { user } = useAuth();
  if (user && user.role !== ROLE_ADMIN) return <Navigate to={getHomePath(user.role)} replace />;
  return <Outlet />;
}

/** The teacher area (teachers and admins): a pupil is sent to their own space (docs/pupils.md). */
export function StaffOnlyRoute() {
  const { user } = useAuth();
  if (user?.role === ROLE_PUPIL) return <Navigate to={paths.pupilHome.getHref()} replace />;
  return <Outlet />;
}

/** A pupil's space: a teacher or an admin is sent to their own landing page. */
export function PupilOnlyRoute() {
  const { user } = useAuth();
  if (user && user.role !== ROLE_PUPIL) return <Navigate to={getHomePath(user.role)} replace />;
  return <Outlet />;
}
