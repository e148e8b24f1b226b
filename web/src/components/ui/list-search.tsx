// The search row above a list: the search box and, while a search is on, how many items it keeps.
import { uiMessages } from '@/common/messages/ui.js';
import { SearchInput } from './search-input';

type ListSearchProps = {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The number of matches to announce, or null to show none (no search, or no data yet). */
  matches: number | null;
  /** Prefix of the test ids: `<prefix>-search` and `<prefix>-result-count`. */
  testIdPrefix: string;
};

export function ListSearch({ placeholder, value, onChange, matches, testIdPrefix }: ListSearchProps) {
  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <SearchInput
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`${testIdPrefix}-search`}
      />
      {matches !== null && (
        <p
          className="text-sm text-muted-foreground"
          aria-live="polite"
          data-testid={`${testIdPrefix}-result-count`}
        >
          {uiMessages.results(matches)}
        </p>
      )}
    </div>
  );
}
