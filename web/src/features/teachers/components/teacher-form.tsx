// The teacher form (docs/product.md#entities-and-their-fields ("Teacher (form)"), docs/product.md#validation-rules): create, or edit with the password optional. A new
// teacher gets a one-time sign-in link by default; the spec's password stays one choice away.
// Same zod schema as the server, so the messages under the fields are the spec's.

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { signInLinkMessages as linkMessages } from '@/common/messages/account-access.js';
import { adminLabels, teacherMessages } from '@/common/messages/admin.js';
import { type TeacherInviteInput, teacherInviteSchema } from '@/common/schemas/account-access.js';
import {
  type Teacher,
  type TeacherCreateInput,
  type TeacherEditInput,
  teacherCreateSchema,
  teacherEditSchema,
} from '@/common/schemas/teachers.js';
import { Alert, AlertDescription } from '@/web/src/components/ui/alert';
import { CheckboxField } from '@/web/src/components/ui/checkbox-field';
import { FormActions } from '@/web/src/components/ui/form-actions';
import { FormField } from '@/web/src/components/ui/form-field';
import { FormSection } from '@/web/src/components/ui/form-section';
import { Input } from '@/web/src/components/ui/input';
import { LevelCheckboxes } from '@/web/src/components/ui/level-checkboxes';
import { PasswordInput } from '@/web/src/components/ui/password-input';
import { RemarksCard } from '@/web/src/components/ui/remarks-card';
import { Select } from '@/web/src/components/ui/select';
import { paths } from '@/web/src/config/paths';
import {
  emptyValues,
  type Options,
  type TeacherFormValues,
  teacherToFormValues,
  toCreateBody,
  toEditBody,
} from '../lib/teacher-form-values';

type TeacherFormProps = {
  options: Options;
  submitting: boolean;
  serverError: string | null;
} & (
  | {
      mode: 'create';
      onSubmit: (body: TeacherCreateInput) => Promise<unknown>;
      /** Creates the teacher without a password: they choose it through a one-time link. */
      onInvite: (body: TeacherInviteInput) => Promise<unknown>;
    }
  | { mode: 'edit'; teacher: Teacher; onSubmit: (body: TeacherEditInput) => Promise<unknown> }
);

/** How a new account gets its password: a sign-in link (the default) or one typed here. */
type Access = 'link' | 'password';

export function TeacherForm(props: TeacherFormProps) {
  const isEdit = props.mode === 'edit';
  const [access, setAccess] = useState<Access>('link');
  const withLink = !isEdit && access === 'link';
  const schema = isEdit ? teacherEditSchema : withLink ? teacherInviteSchema : teacherCreateSchema;
  const { register, handleSubmit, control, formState, getValues, clearErrors } = useForm<TeacherFormValues>({
    resolver: zodResolver(schema) as unknown as Resolver<TeacherFormValues>,
    defaultValues: isEdit ? teacherToFormValues(props.teacher) : emptyValues,
  });
  const errors = formState.errors;
  const required = !isEdit;

  const submit = handleSubmit(async () => {
    const values = getValues();
    if (props.mode === 'edit') await props.onSubmit(toEditBody(values, props.teacher, props.options));
    else if (withLink) {
      const { password: _password, ...body } = toCreateBody(values, props.options);
      await props.onInvite(body);
    } else await props.onSubmit(toCreateBody(values, props.options));
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={isEdit ? teacherMessages.editTitle : teacherMessages.newTitle}
    >
      {props.serverError && (
        <Alert variant="destructive" data-testid="teacher-form-error">
          <AlertDescription>{props.serverError}</AlertDescription>
        </Alert>
      )}
      <FormSection title={teacherMessages.identitySection}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={adminLabels.name} required={required} error={errors.name?.message}>
            {(field) => <Input {...field} {...register('name')} autoComplete="family-name" />}
          </FormField>
          <FormField
            label={teacherMessages.firstnameLabel}
            required={required}
            error={errors.firstname?.message}
          >
            {(field) => <Input {...field} {...register('firstname')} autoComplete="given-name" />}
          </FormField>
          <FormField label={adminLabels.email} required={required} error={errors.Email?.message}>
            {(field) => <Input {...field} {...register('Email')} type="email" autoComplete="off" />}
          </FormField>
          <FormField label={adminLabels.telephone} required={required} error={errors.telephone?.message}>
            {(field) => <Input {...field} {...register('telephone')} type="tel" autoComplete="off" />}
          </FormField>
          {!isEdit && (
            <fieldset className="sm:col-span-2">
              <legend className="mb-2 text-sm font-medium text-slate-800">{linkMessages.accessLabel}</legend>
              <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
                {(
                  [
                    ['link', linkMessages.accessLink],
                    ['password', linkMessages.accessPassword],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className="flex cursor-pointer items-center gap-2 text-sm text-slate-800"
                  >
                    <input
                      type="radio"
                      name="access"
                      value={value}
                      checked={access === value}
                      onChange={() => {
                        setAccess(value);
                        clearErrors('password');
                      }}
                      className="size-4 cursor-pointer accent-indigo-600"
                    />
                    {label}
                  </label>
                ))}
              </div>
              {withLink && (
                <p className="mt-2 text-xs text-muted-foreground">{linkMessages.accessLinkHint}</p>
              )}
            </fieldset>
          )}
          {!withLink && (
            <FormField
              label={adminLabels.password}
              required={required}
              error={errors.password?.message}
              hint={isEdit ? teacherMessages.passwordHintEdit : teacherMessages.passwordHint}
            >
              {(field) => <PasswordInput {...field} {...register('password')} autoComplete="new-password" />}
            </FormField>
          )}
          <div className="flex items-end pb-2">
            <CheckboxField label={teacherMessages.activeAccountLabel} {...register('compteactife')} />
          </div>
        </div>
      </FormSection>

      <FormSection title={teacherMessages.schoolSection}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={adminLabels.school} required={required} error={errors.school?.message}>
            {(field) => (
              <Select {...field} {...register('school')}>
                <option value="">{teacherMessages.selectSchool}</option>
                {props.options.schools.map((school) => (
                  <option key={school.id} value={school.id}>
                    {school.name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label={adminLabels.groups}
            error={errors.Groups?.message}
            hint={teacherMessages.groupLimitHint}
          >
            {(field) => (
              <Input {...field} {...register('Groups')} type="number" min={0} step={1} inputMode="numeric" />
            )}
          </FormField>
        </div>
        <Controller
          control={control}
          name="levels"
          render={({ field }) => (
            <LevelCheckboxes
              legend={teacherMessages.levelsLabel}
              emptyText={teacherMessages.noLevels}
              levels={props.options.levels}
              value={field.value}
              onChange={field.onChange}
              error={errors.levels?.message}
            />
          )}
        />
      </FormSection>

      <RemarksCard error={errors.remarque?.message} {...register('remarque')} />

      <FormActions
        cancelHref={paths.teachers.getHref()}
        submitLabel={
          isEdit
            ? teacherMessages.saveChanges
            : withLink
              ? linkMessages.inviteSubmit
              : teacherMessages.createSubmit
        }
        submitting={props.submitting}
      />
    </form>
  );
}
