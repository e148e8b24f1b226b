// Toasts with a second line. Sonner's rich colours draw descriptions in a lighter shade that fails
// WCAG contrast on the tinted background: the second line takes the title's colour instead.
import { toast } from 'sonner';

const readable = { descriptionClassName: 'text-current!' };

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, { ...readable, description });
}

export function toastError(title: string, description?: string): void {
  toast.error(title, { ...readable, description: description || undefined });
}
