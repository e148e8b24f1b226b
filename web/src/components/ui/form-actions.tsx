// The end of an entity form: Cancel (back to the list) and the submit button with its spinner.

import { Link } from 'react-router';
import { uiMessages } from '@/common/messages/ui.js';
import { Button } from './button';

type FormActionsProps = { cancelHref: string; submitLabel: string; submitting: boolean };

export function FormActions({ cancelHref, submitLabel, submitting }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" asChild>
        <Link to={cancelHref}>{uiMessages.cancelForm}</Link>
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
