// The admin's own profile (/options: docs/product.md#screens-and-routes; docs/product.md#validation-rules, "Admin edit"): only the filled fields are sent; then
// a toast and /dashboard, whether it worked or not (docs/product.md#admin-profile-messages).
import { zodResolver } from '@hookform/resolvers/zod';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { adminProfileMessages } from '@/common/messages/admin.js';
import { type AdminProfileUpdate, adminProfileSchema } from '@/common/schemas/admin-profile.js';
import { Button } from '@/web/src/components/ui/button';
import { Card, CardContent, CardHeading } from '@/web/src/components/ui/card';
import { FormField } from '@/web/src/components/ui/form-field';
import { Input } from '@/web/src/components/ui/input';
import { paths } from '@/web/src/config/paths';
import { getErrorMessage } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { notify } from '@/web/src/lib/notify';
import { useOwnProfile } from '../api/get-own-profile';
import { useUpdateAdmin } from '../api/update-admin';

type Values = { name: string; firstname: string; email: string; telephone: string; password: string };

export function AdminProfileForm() {
  const navigate = useNavigate();
  const update = useUpdateAdmin();
  const { renameUser } = useAuth();
  const profile = useOwnProfile();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(adminProfileSchema) as unknown as Resolver<Values>,
    defaultValues: { name: '', firstname: '', email: '', telephone: '', password: '' },
    // Shows what is stored once it arrives; fields left empty are still dropped on save.
    values: profile.data ? { ...profile.data, password: '' } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (parsed) => {
    try {
      const admin = await update.mutateAsync(parsed as unknown as AdminProfileUpdate);
      renameUser({ name: admin.name, firstname: admin.firstname });
      notify.success(adminProfileMessages.updated);
    } catch (error) {
      console.error(error);
      notify.error(adminProfileMessages.updateFailed, getErrorMessage(error, ''));
    }
    navigate(paths.dashboard.getHref());
  });

  return (
    <Card>
      <CardHeading
        title={adminProfileMessages.profileTitle}
        description={adminProfileMessages.profileDescription}
      />
      <CardContent>
        <form
          onSubmit={submit}
          noValidate
          className="flex flex-col gap-5"
          aria-label={adminProfileMessages.formLabel}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label={adminProfileMessages.nameLabel} error={errors.name?.message}>
              {(field) => <Input {...field} {...register('name')} autoComplete="family-name" />}
            </FormField>
            <FormField label={adminProfileMessages.firstnameLabel} error={errors.firstname?.message}>
              {(field) => <Input {...field} {...register('firstname')} autoComplete="given-name" />}
            </FormField>
            <FormField label={adminProfileMessages.emailLabel} error={errors.email?.message}>
              {(field) => <Input {...field} {...register('email')} type="email" autoComplete="email" />}
            </FormField>
            <FormField label={adminProfileMessages.telephoneLabel} error={errors.telephone?.message}>
              {(field) => <Input {...field} {...register('telephone')} type="tel" autoComplete="tel" />}
            </FormField>
            <FormField
              label={adminProfileMessages.passwordLabel}
              error={errors.password?.message}
              hint={adminProfileMessages.passwordHint}
            >
              {(field) => (
                <Input {...field} {...register('password')} type="password" autoComplete="new-password" />
              )}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={update.isPending}>
              {adminProfileMessages.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
