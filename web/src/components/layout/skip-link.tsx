// Keyboard users jump past the navigation straight to the page.
import { shellMessages } from '../../../../common/messages/ui.js';
export function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only z-[60] rounded-md bg-surface px-4 py-2 text-sm font-medium text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {shellMessages.skipToContent}
    </a>
  );
}
