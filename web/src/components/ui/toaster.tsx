// The app's toast area, mounted once sonner has been fetched (see lib/notify.ts).
import { useSyncExternalStore } from 'react';
import type { ToasterProps } from '../../lib/notify';
import { getLoadedSonner, subscribeToSonner } from '../../lib/notify';

export function Toaster(props: ToasterProps) {
  const sonner = useSyncExternalStore(subscribeToSonner, getLoadedSonner, () => null);
  if (!sonner) return null;
  return <sonner.Toaster {...props} />;
}
