// Admin options (docs/product.md#screens-and-routes /options): own profile and two-factor authentication setup.
import { adminProfileMessages } from '@/common/messages/admin.js';
import { PageHeader } from '@/web/src/components/ui/page-header';
import { AdminProfileForm } from '../components/admin-profile-form';
import { TwoFactorCard } from '../components/two-factor-card';

export default function OptionsPage() {
  return (
    <>
      <PageHeader title={adminProfileMessages.pageTitle} subtitle={adminProfileMessages.pageSubtitle} />
      <div className="flex max-w-3xl flex-col gap-6">
        <AdminProfileForm />
        <TwoFactorCard />
      </div>
    </>
  );
}
