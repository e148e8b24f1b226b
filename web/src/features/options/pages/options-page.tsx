// Admin options (SPEC §2 /options): own profile and two-factor authentication setup.
import { PageHeader } from '../../../components/ui/page-header';
import { AdminProfileForm } from '../components/admin-profile-form';
import { TwoFactorCard } from '../components/two-factor-card';

export default function OptionsPage() {
  return (
    <>
      <PageHeader title="Options" subtitle="Your profile and the security of your account." />
      <div className="flex max-w-3xl flex-col gap-6">
        <AdminProfileForm />
        <TwoFactorCard />
      </div>
    </>
  );
}
