// Each screen names its browser tab ("Gestion des écoles · Ardoise"), so tabs and history read apart.
import { useEffect } from 'react';
import { shellMessages } from '@/common/messages/ui.js';

/** Sets the tab's title while `screen` is known (a page still loading its name passes undefined). */
export function useTabTitle(screen: string | undefined): void {
  useEffect(() => {
    if (screen) document.title = shellMessages.tabTitle(screen);
  }, [screen]);
}
