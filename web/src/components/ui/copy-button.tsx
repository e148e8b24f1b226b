// A small button that copies a text (a hash, a link) to the clipboard and says so.
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { uiMessages } from '@/common/messages/ui.js';
import { notify } from '../../lib/notify';
import { Button } from './button';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      notify.error(uiMessages.copyFailed);
    }
  };
  const Icon = copied ? Check : Copy;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-7 shrink-0"
      aria-label={copied ? uiMessages.copied : label}
      title={copied ? uiMessages.copied : label}
      onClick={() => void copy()}
      data-testid="copy-button"
    >
      <Icon className="size-3.5" aria-hidden="true" />
    </Button>
  );
}
