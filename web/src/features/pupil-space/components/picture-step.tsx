// Step 3 of the door: the 12 pictures; a tap adds one (the dots count them), « Effacer » starts
// again, the 4th tap sends the sign-in. While the door makes the pupil wait, the grid is off.
import { Delete } from 'lucide-react';
import { pupilMessages } from '@/common/messages/pupils.js';
import { CARD_PICTURES, PICTURE_CODE_LENGTH } from '@/common/pupils.js';
import { CardPicture, pictureName } from '@/web/src/components/card-pictures';
import { cn } from '@/web/src/lib/utils';

type PictureStepProps = {
  chosen: number[];
  disabled: boolean;
  onTap: (picture: number) => void;
  onErase: () => void;
};

export function PictureStep({ chosen, disabled, onTap, onErase }: PictureStepProps) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-center gap-4">
        <div className="flex gap-3" aria-hidden="true">
          {Array.from({ length: PICTURE_CODE_LENGTH }, (_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items.
              key={index}
              className={cn(
                'size-6 rounded-full border-4 border-indigo-600',
                index < chosen.length ? 'bg-indigo-600' : 'bg-white',
              )}
            />
          ))}
        </div>
        <span className="sr-only" aria-live="polite">
          {pupilMessages.picturesChosen(chosen.length, PICTURE_CODE_LENGTH)}
        </span>
        <button
          type="button"
          onClick={onErase}
          disabled={chosen.length === 0 || disabled}
          className="inline-flex h-14 cursor-pointer items-center gap-2 rounded-2xl border-2 border-slate-300 bg-white px-5 text-lg font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-4 focus-visible:outline-indigo-500 disabled:cursor-default disabled:opacity-50"
        >
          <Delete aria-hidden="true" className="size-6" />
          {pupilMessages.erase}
        </button>
      </div>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4">
        {CARD_PICTURES.map((name, index) => (
          <li key={name}>
            <button
              type="button"
              aria-label={pictureName(index)}
              disabled={disabled || chosen.length >= PICTURE_CODE_LENGTH}
              onClick={() => onTap(index)}
              className="flex aspect-square w-full cursor-pointer items-center justify-center rounded-2xl border-2 border-slate-300 bg-white p-3 shadow-sm transition-transform hover:border-indigo-500 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 active:scale-95 active:bg-indigo-50 disabled:cursor-default disabled:opacity-60"
            >
              <CardPicture index={index} decorative className="size-full max-h-28 max-w-28" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
