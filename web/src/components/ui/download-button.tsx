// A button that downloads a file from the API (e.g. a CSV export), busy while it does, with a toast
// when it fails.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { downloadFile } from '../../lib/download-file';
import { notify } from '../../lib/notify';
import { Button, type ButtonVariant } from './button';

type DownloadButtonProps = {
  url: string;
  fallbackName: string;
  label: string;
  errorText: string;
  variant?: ButtonVariant;
};

export function DownloadButton({
  url,
  fallbackName,
  label,
  errorText,
  variant = 'outline',
}: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(url, fallbackName);
    } catch (error) {
      console.error('Download failed', error);
      notify.error(errorText);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant={variant} size="sm" loading={busy} onClick={() => void download()}>
      {!busy && <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
