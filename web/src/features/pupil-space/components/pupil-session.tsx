// Around every pupil screen (/eleve and the activity player): the idle sign-out of a shared tablet,
// after the idle time the server gives, back to the class's door (/classe).
import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { paths } from '@/web/src/config/paths';
import { useAuth } from '@/web/src/lib/auth';
import { usePupilGroups } from '../api/pupil-space';
import { useIdleSignOut } from '../lib/idle-sign-out';

export default function PupilSession() {
  const { logout } = useAuth();
  const groups = usePupilGroups();
  const idleMinutes = groups.data?.idleMinutes ?? null;
  const signOut = useCallback(() => logout(paths.classDoor.getHref()), [logout]);
  useIdleSignOut(idleMinutes === null ? null : idleMinutes * 60_000, signOut);
  return <Outlet />;
}
