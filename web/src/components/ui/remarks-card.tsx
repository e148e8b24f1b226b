// The free-text remarks of an entity form, in a card of its own (the `remarque` field of docs/product.md#entities-and-their-fields).

import type { ComponentProps } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { Card } from './card';
import { FormField } from './form-field';
import { Textarea } from './textarea';

type RemarksCardProps = ComponentProps<'textarea'> & { error?: string };

export function RemarksCard({ error, ...textarea }: RemarksCardProps) {
  return (
    <Card className="p-5 sm:p-6">
      <FormField label={uiMessages.remarks} error={error}>
        {(field) => <Textarea {...field} {...textarea} rows={3} />}
      </FormField>
    </Card>
  );
}
