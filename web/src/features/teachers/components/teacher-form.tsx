// The teacher form (SPEC §3 "Teacher (form)", §5): create, or edit with the password optional.
// Same zod schema as the server, so the messages under the fields are the spec's.

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { adminLabels, teacherMessages } from '../../../../../common/messages/admin.js';
import {
  type Teacher,
  type TeacherCreateInput,
  type TeacherEditInput,
  teacherCreateSchema,
  teacherEditSchema,
} from '../../../../../common/schemas/teachers.js';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FormActions } from '../../../components/ui/form-actions';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { LevelCheckboxes } from '../../../components/ui/level-checkboxes';
import { PasswordInput } from '../../../components/ui/password-input';
import { RemarksCard } from '../../../components/ui/remarks-card';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
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
  | { mode: 'create'; onSubmit: (body: TeacherCreateInput) => Promise<unknown> }
  | { mode: 'edit'; teacher: Teacher; onSubmit: (body: TeacherEditInput) => Promise<unknown> }
);

export function TeacherForm(props: TeacherFormProps) {
  const isEdit = props.mode === 'edit';
  const { register, handleSubmit, control, formState, getValues } = useForm<TeacherFormValues>({
    resolver: zodResolver(
      isEdit ? teacherEditSchema : teacherCreateSchema,
    ) as unknown as Resolver<TeacherFormValues>,
    defaultValues: isEdit ? teacherToFormValues(props.teacher) : emptyValues,
  });
  const errors = formState.errors;
  const required = !isEdit;

  const submit = handleSubmit(async () => {
    const values = getValues();
    if (props.mode === 'create') await props.onSubmit(toCreateBody(values, props.options));
    else await props.onSubmit(toEditBody(values, props.teacher, props.options));
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
      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 text-base font-semibold">{teacherMessages.identitySection}</h2>
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
          <FormField
            label={adminLabels.password}
            required={required}
            error={errors.password?.message}
            hint={isEdit ? teacherMessages.passwordHintEdit : teacherMessages.passwordHint}
          >
            {(field) => <PasswordInput {...field} {...register('password')} autoComplete="new-password" />}
          </FormField>
          <div className="flex items-end pb-2">
            <CheckboxField label={teacherMessages.activeAccountLabel} {...register('compteactife')} />
          </div>
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="mb-4 text-base font-semibold">{teacherMessages.schoolSection}</h2>
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
      </Card>

      <RemarksCard error={errors.remarque?.message} {...register('remarque')} />

      <FormActions
        cancelHref={paths.teachers.getHref()}
        submitLabel={isEdit ? teacherMessages.saveChanges : teacherMessages.createSubmit}
        submitting={props.submitting}
      />
    </form>
  );
}
