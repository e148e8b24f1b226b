// A teacher's own profile, read-only: the admin keeps it (and a re-import would overwrite a change).
import { Building2, Layers, Mail, Phone, User, Users } from 'lucide-react';
import { useEffect } from 'react';
import { ownAccountMessages as m } from '@/common/messages/account-access.js';
import { Card, CardContent, CardHeading } from '@/web/src/components/ui/card';
import { Detail } from '@/web/src/components/ui/details-dialog';
import { LoadError } from '@/web/src/components/ui/load-error';
import { Skeleton } from '@/web/src/components/ui/skeleton';
import { useOwnProfile } from '../api/get-own-profile';

export function OwnProfileCard() {
  const profile = useOwnProfile();

  useEffect(() => {
    if (profile.error) console.error('Failed to load the profile', profile.error);
  }, [profile.error]);

  return (
    <Card>
      <CardHeading title={m.profileTitle} description={m.profileDescription} />
      <CardContent>
        {profile.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-10 w-full" />
            ))}
          </div>
        ) : profile.isError ? (
          <LoadError text={m.loadFailed} onRetry={() => void profile.refetch()} />
        ) : (
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2" data-testid="own-profile">
            <Detail label={m.nameLabel} icon={User}>
              {`${profile.data.firstname} ${profile.data.name}`.trim()}
            </Detail>
            <Detail label={m.emailLabel} icon={Mail}>
              {profile.data.email}
            </Detail>
            <Detail label={m.telephoneLabel} icon={Phone}>
              {profile.data.telephone || m.none}
            </Detail>
            <Detail label={m.schoolLabel} icon={Building2}>
              {profile.data.school || m.none}
            </Detail>
            <Detail label={m.levelsLabel} icon={Layers}>
              {profile.data.levels.join(', ') || m.none}
            </Detail>
            <Detail label={m.groupsLabel} icon={Users}>
              {m.groups(profile.data.groupCount, profile.data.groupLimit)}
            </Detail>
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
