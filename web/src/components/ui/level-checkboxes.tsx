// A list of levels to tick (a teacher's levels, the levels a school's licence includes), with its
// legend, an empty state and the field's error.
import { useId } from 'react';

type LevelCheckboxesProps = {
  legend: string;
  emptyText: string;
  levels: ReadonlyArray<{ id: number; title: string }>;
  value: number[];
  onChange: (value: number[]) => void;
  error?: string;
  hint?: string;
};

export function LevelCheckboxes({
  legend,
  emptyText,
  levels,
  value,
  onChange,
  error,
  hint,
}: LevelCheckboxesProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="mt-5" aria-describedby={describedBy || undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-2 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {levels.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <div className="grid max-h-64 gap-2 overflow-y-auto rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-3">
          {levels.map((level) => {
            const checked = value.includes(level.id);
            return (
              <label
                key={level.id}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
              >
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() =>
                    onChange(checked ? value.filter((levelId) => levelId !== level.id) : [...value, level.id])
                  }
                  className="size-4 cursor-pointer accent-indigo-600"
                />
                {level.title}
              </label>
            );
          })}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-2 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
