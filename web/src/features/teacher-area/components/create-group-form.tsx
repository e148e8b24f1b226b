// The create-group form: a name ('Please enter a group name' when blank) and a submit button.
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { type CreateGroupBody, createGroupBodySchema } from '@/common/schemas/teacher-area.js';
import { Button } from '@/web/src/components/ui/button';
import { Input } from '@/web/src/components/ui/input';
import { notify } from '@/web/src/lib/notify';
import { getCreateGroupError, useCreateGroup } from '../api/create-group';

export function CreateGroupForm({ levelId }: { levelId: string }) {
  const createGroup = useCreateGroup(levelId);
  const form = useForm<CreateGroupBody>({
    resolver: zodResolver(createGroupBodySchema),
    defaultValues: { title: '' },
  });
  const error = form.formState.errors.title?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await createGroup.mutateAsync(values);
      notify.success(teacherAreaMessages.groupCreated);
      form.reset();
    } catch (failure) {
      const reason = getCreateGroupError(failure);
      notify.error(
        reason ? teacherAreaMessages.groupCreateErrorPrefix + reason : teacherAreaMessages.groupCreateError,
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="rounded-xl border bg-surface p-4 shadow-card sm:p-5">
      <label htmlFor="group-title" className="text-sm font-medium text-slate-900">
        {teacherAreaMessages.newGroup}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Input
            id="group-title"
            placeholder={teacherAreaMessages.groupNamePlaceholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'group-title-error' : undefined}
            {...form.register('title')}
          />
          {error && (
            <p id="group-title-error" className="mt-1.5 text-xs font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" loading={createGroup.isPending}>
          {!createGroup.isPending && <Plus aria-hidden="true" />}
          {teacherAreaMessages.createGroup}
        </Button>
      </div>
    </form>
  );
}
