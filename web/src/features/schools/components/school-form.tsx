// The school form (docs/product.md#entities-and-their-fields ("School form"), docs/product.md#validation-rules): create with the spec's defaults, or edit a school.
// Both sides use the same zod schema from common/, so the messages under the fields are the server's.

import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { adminLabels, schoolMessages } from '@/common/messages/admin.js';
import { entMessages } from '@/common/messages/ent.js';
import { CAS_MAPPED_ATTRIBUTES, signInMethodSchema } from '@/common/schemas/ent.js';
import {
  type School,
  type SchoolCreate,
  type SchoolEditInput,
  schoolCreateSchema,
  schoolEditSchema,
} from '@/common/schemas/schools.js';
import { CheckboxField } from '@/web/src/components/ui/checkbox-field';
import { FormActions } from '@/web/src/components/ui/form-actions';
import { FormField } from '@/web/src/components/ui/form-field';
import { FormSection } from '@/web/src/components/ui/form-section';
import { Input } from '@/web/src/components/ui/input';
import { LevelCheckboxes } from '@/web/src/components/ui/level-checkboxes';
import { RemarksCard } from '@/web/src/components/ui/remarks-card';
import { Select } from '@/web/src/components/ui/select';
import { paths } from '@/web/src/config/paths';
import { useLevelOptions } from '../api/get-level-options';
import {
  newSchoolDefaults,
  type SchoolFormValues,
  schoolToFormValues,
  toEditPayload,
} from '../lib/school-form-values';

type SchoolFormProps =
  | { mode: 'create'; onSubmit: (values: SchoolCreate) => Promise<unknown>; submitting: boolean }
  | {
      mode: 'edit';
      school: School;
      onSubmit: (values: SchoolEditInput) => Promise<unknown>;
      submitting: boolean;
    };

export function SchoolForm(props: SchoolFormProps) {
  const isEdit = props.mode === 'edit';
  const form = useForm<SchoolFormValues>({
    resolver: zodResolver(
      isEdit ? schoolEditSchema : schoolCreateSchema,
    ) as unknown as Resolver<SchoolFormValues>,
    defaultValues: isEdit ? schoolToFormValues(props.school) : newSchoolDefaults(),
  });
  const { register, handleSubmit, formState, getValues, control, watch } = form;
  const levelOptions = useLevelOptions();
  const signInMethod = watch('signInMethod');
  const errors = formState.errors;
  const required = !isEdit;

  const submit = handleSubmit(async (parsed) => {
    if (props.mode === 'create') await props.onSubmit(parsed as unknown as SchoolCreate);
    else await props.onSubmit(toEditPayload(getValues(), props.school));
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-label={isEdit ? schoolMessages.editTitle : schoolMessages.newTitle}
    >
      <FormSection title={schoolMessages.schoolSection}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={schoolMessages.nameLabel} required={required} error={errors.schoolName?.message}>
            {(field) => <Input {...field} {...register('schoolName')} autoComplete="organization" />}
          </FormField>
          <FormField label={adminLabels.city} required={required} error={errors.city?.message}>
            {(field) => <Input {...field} {...register('city')} autoComplete="address-level2" />}
          </FormField>
          <FormField label={adminLabels.email} error={errors.email?.message}>
            {(field) => <Input {...field} {...register('email')} type="email" autoComplete="email" />}
          </FormField>
          <FormField label={adminLabels.telephone} required={required} error={errors.telephone?.message}>
            {(field) => <Input {...field} {...register('telephone')} type="tel" autoComplete="tel" />}
          </FormField>
          <FormField label={adminLabels.website} error={errors.website?.message}>
            {(field) => (
              <Input
                {...field}
                {...register('website')}
                type="url"
                placeholder={adminLabels.websitePlaceholder}
              />
            )}
          </FormField>
          <FormField label={adminLabels.address} error={errors.addres?.message}>
            {(field) => <Input {...field} {...register('addres')} autoComplete="street-address" />}
          </FormField>
          <FormField
            label={schoolMessages.uaiLabel}
            hint={schoolMessages.uaiHint}
            error={errors.uai?.message}
          >
            {(field) => (
              <Input
                {...field}
                {...register('uai')}
                autoComplete="off"
                spellCheck={false}
                maxLength={8}
                className="font-mono uppercase"
              />
            )}
          </FormField>
        </div>
      </FormSection>

      <FormSection title={schoolMessages.licenseSection}>
        <div className="grid gap-5 sm:grid-cols-3">
          <FormField
            label={schoolMessages.licenseStartLabel}
            required={required}
            error={errors.licensestartdate?.message}
          >
            {(field) => <Input {...field} {...register('licensestartdate')} type="date" />}
          </FormField>
          <FormField
            label={schoolMessages.licenseEndLabel}
            required={required}
            error={errors.licensesddate?.message}
          >
            {(field) => <Input {...field} {...register('licensesddate')} type="date" />}
          </FormField>
          <FormField label={schoolMessages.lastPaymentLabel} error={errors.licensespaymentdate?.message}>
            {(field) => <Input {...field} {...register('licensespaymentdate')} type="date" />}
          </FormField>
        </div>
        <CheckboxField
          className="mt-5"
          label={schoolMessages.activeLicenseLabel}
          {...register('activelicense')}
        />
      </FormSection>

      <FormSection title={entMessages.entSection}>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField label={entMessages.signInMethodLabel} error={errors.signInMethod?.message}>
            {(field) => (
              <Select {...field} {...register('signInMethod')}>
                {signInMethodSchema.options.map((method) => (
                  <option key={method} value={method}>
                    {entMessages.signInMethods[method]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label={entMessages.groupQuotaLabel}
            hint={entMessages.groupQuotaHint}
            error={errors.groupQuota?.message}
          >
            {(field) => (
              <Input
                {...field}
                {...register('groupQuota')}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
              />
            )}
          </FormField>
          {signInMethod === 'cas' && (
            <FormField
              className="sm:col-span-2"
              label={entMessages.casUrlLabel}
              required
              hint={entMessages.casUrlHint}
              error={errors.casUrl?.message}
            >
              {(field) => (
                <Input
                  {...field}
                  {...register('casUrl')}
                  type="url"
                  placeholder="https://"
                  autoComplete="off"
                />
              )}
            </FormField>
          )}
        </div>
        {signInMethod === 'cas' && (
          <fieldset className="mt-5">
            <legend className="mb-1 text-sm font-medium text-slate-800">
              {entMessages.casAttributesLabel}
            </legend>
            <p className="mb-3 text-xs text-muted-foreground">{entMessages.casAttributesHint}</p>
            <div className="grid gap-3 sm:grid-cols-4">
              {CAS_MAPPED_ATTRIBUTES.map((name) => (
                <FormField key={name} label={name} error={errors.casAttributes?.[name]?.message}>
                  {(field) => (
                    <Input
                      {...field}
                      {...register(`casAttributes.${name}`)}
                      placeholder={name}
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono"
                    />
                  )}
                </FormField>
              ))}
            </div>
          </fieldset>
        )}
        <Controller
          control={control}
          name="levels"
          render={({ field }) => (
            <LevelCheckboxes
              legend={entMessages.licenceLevelsLabel}
              hint={entMessages.licenceLevelsHint}
              emptyText={entMessages.noLevels}
              levels={levelOptions.data ?? []}
              value={field.value}
              onChange={field.onChange}
              error={errors.levels?.message}
            />
          )}
        />
      </FormSection>

      <RemarksCard error={errors.remarque?.message} {...register('remarque')} />

      <FormActions
        cancelHref={paths.schools.getHref()}
        submitLabel={isEdit ? schoolMessages.saveChanges : schoolMessages.createSubmit}
        submitting={props.submitting}
      />
    </form>
  );
}
