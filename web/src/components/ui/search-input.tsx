// Search box with a magnifier icon; the placeholder doubles as its accessible name unless one is given.
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';

export function SearchInput({ className, placeholder, ...props }: ComponentProps<'input'>) {
  return (
    <div className={cn('relative w-full sm:max-w-sm', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        type="search"
        placeholder={placeholder}
        aria-label={props['aria-label'] ?? placeholder}
        className="pl-9"
        autoComplete="off"
        {...props}
      />
    </div>
  );
}
