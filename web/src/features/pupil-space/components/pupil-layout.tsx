// The pupil's layout: a calm header with the brand, the pupil's name and « Changer d'élève » always
// one tap away (signs out, back to the class's door), a word while the network is cut (the pupil
// was let in by the tablet: docs/pupils.md#hors-ligne), then the page.
import { UserRoundCog, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { pupilSpaceMessages } from '@/common/messages/assignments.js';
import { MainContent, SkipLink } from '@/web/src/components/layout/skip-link';
import { Button } from '@/web/src/components/ui/button';
import { LogoMark, PRODUCT_NAME } from '@/web/src/components/ui/logo';
import { paths } from '@/web/src/config/paths';
import { useAuth } from '@/web/src/lib/auth';
import { usePupilGroups } from '../api/pupil-space';

export default function PupilLayout() {
  const { logout, offline } = useAuth();
  const groups = usePupilGroups();
  const name = groups.data?.pupil.name;
  // « Changer d'élève » works with the network cut too: the door's page is on the tablet already.
  useEffect(() => {
    void import('../pages/class-door-page');
  }, []);
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-sky-50 to-background">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-sky-100 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-4xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2.5">
            <LogoMark className="size-8 shrink-0" />
            <span className="hidden text-lg font-semibold tracking-tight text-slate-900 sm:inline">
              {PRODUCT_NAME}
            </span>
            {name && (
              <span className="truncate rounded-full bg-sky-100 px-3 py-1 text-sm font-medium text-sky-900">
                {name}
              </span>
            )}
          </div>
          <Button variant="outline" className="shrink-0" onClick={() => logout(paths.classDoor.getHref())}>
            <UserRoundCog aria-hidden="true" />
            {pupilSpaceMessages.changePupil}
          </Button>
        </div>
      </header>
      {offline && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-sky-100 px-4 py-2 text-center text-sm font-medium text-sky-950"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {pupilSpaceMessages.offline}
        </p>
      )}
      <MainContent page={<Outlet />} className="md:py-10" widthClassName="max-w-4xl" />
    </div>
  );
}
