// A teacher's own options (/useroptions): their profile as the admin keeps it, and their
// password. The avatar menu's 'options' leads here for every role but admin.
import { ownAccountMessages as m } from '@/common/messages/account-access.js';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { ChangePasswordCard } from '../components/change-password-card';
import { OwnProfileCard } from '../components/own-profile-card';

export default function UserOptionsPage() {
  return (
    <>
      <PageHeader title={m.pageTitle} subtitle={m.pageSubtitle} />
      <div className="flex max-w-3xl flex-col gap-6">
        <OwnProfileCard />
        <ChangePasswordCard />
      </div>
    </>
  );
}
