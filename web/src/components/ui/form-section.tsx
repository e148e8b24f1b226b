// One titled card of an entity form (the school and teacher forms are a column of them).
import type { ReactNode } from 'react';
import { Card } from './card';

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-base font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
