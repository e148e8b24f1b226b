// One printed sign-in card: the class code and where to go, the pupil's name, their 4 pictures in
// order with their names, and the QR code that signs them in (`<origin>/classe#carte=<token>`).
import { QRCodeSVG } from 'qrcode.react';
import { pupilMessages } from '@/common/messages/pupils.js';
import type { PupilCard } from '@/common/schemas/pupils.js';
import { CardPicture, pictureName } from '@/web/src/components/card-pictures';
import { paths } from '@/web/src/config/paths';

export function SignInCard({
  card,
  classCode,
  origin,
}: {
  card: PupilCard;
  classCode: string;
  origin: string;
}) {
  const link = `${origin}${paths.classDoor.getHref()}#carte=${card.qrToken}`;
  return (
    <article
      aria-label={card.displayName}
      className="sign-in-card flex flex-col gap-2 rounded-2xl border-2 border-dashed border-slate-400 bg-white p-4 text-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-slate-700">
        <span>
          {pupilMessages.classCodeOnCard} :{' '}
          <strong className="font-mono text-base tracking-widest text-slate-900">{classCode}</strong>
        </span>
        <span className="break-all">{pupilMessages.cardWhere(origin.replace(/^https?:\/\//, ''))}</span>
      </div>
      <p className="truncate text-2xl font-bold print:text-xl">{card.displayName}</p>
      <div className="flex items-end justify-between gap-2">
        <ol className="flex gap-1 sm:gap-2 print:gap-1">
          {card.pictures.map((picture, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture may come twice; its place is its key.
            <li key={index} className="flex w-12 flex-col items-center gap-1 sm:w-14 print:w-12">
              <span className="text-xs font-semibold text-slate-600">{index + 1}</span>
              <CardPicture index={picture} className="size-10 sm:size-12 print:size-10" />
              <span className="text-xs font-medium">{pictureName(picture)}</span>
            </li>
          ))}
        </ol>
        <div role="img" aria-label={pupilMessages.qrLabel(card.displayName)} className="shrink-0">
          <QRCodeSVG
            value={link}
            size={104}
            level="M"
            marginSize={0}
            aria-hidden="true"
            className="size-[88px] sm:size-[104px] print:size-[88px]"
          />
        </div>
      </div>
    </article>
  );
}
