// /classe: the pupils' door without an ENT (docs/pupils.md#sans-ent--les-cartes-de-connexion).
// Step 1 the class code (remembered on this device, so the next pupil on a shared tablet starts at
// step 2), step 2 their name, step 3 their 4 pictures; `/classe#carte=<token>` (a card's QR code)
// signs in at once. Made for a six-year-old on a tablet or a phone: big targets, no typing after
// the class code. With the network cut, the pupils this tablet keeps (lib/offline-door.ts) are
// listed and their pictures checked on the tablet (docs/pupils.md#hors-ligne).
import { AxiosError } from 'axios';
import { ArrowLeft, WifiOff } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pupilMessages } from '@/common/messages/pupils.js';
import { PICTURE_CODE_LENGTH } from '@/common/pupils.js';
import type { LoginResponse } from '@/common/schemas/auth.js';
import type {
  ClassLookupResponse,
  DoorSignInResponse,
  PictureSignInRequest,
} from '@/common/schemas/pupils.js';
import { LogoMark, PRODUCT_NAME } from '@/web/src/components/ui/logo';
import { Spinner } from '@/web/src/components/ui/spinner';
import { getErrorMessage, isNoAnswer } from '@/web/src/lib/api-client';
import { useAuth } from '@/web/src/lib/auth';
import { useTabTitle } from '@/web/src/lib/use-tab-title';
import { lookupClass, signInWithCard, signInWithPictures } from '../api/class-door';
import { ClassCodeStep } from '../components/class-code-step';
import { PictureStep } from '../components/picture-step';
import { PupilPickerStep } from '../components/pupil-picker-step';
import { readRememberedClassCode, rememberClassCode, takeCardToken } from '../lib/door-storage';
import {
  checkPicturesOffline,
  forgetAbsent,
  forgetPupils,
  keepPupil,
  keptPupilsOf,
} from '../lib/offline-door';

type ClassInfo = {
  classCode: string;
  title: string;
  pupils: ClassLookupResponse['pupils'];
  /** Listed from what this tablet keeps: the network is cut. */
  offline: boolean;
};
type Pupil = ClassInfo['pupils'][number];

type Step =
  | { kind: 'busy'; label: string }
  | { kind: 'code' }
  | { kind: 'pupils'; room: ClassInfo }
  | { kind: 'pictures'; room: ClassInfo; pupil: Pupil };

const retryAfterMs = (error: unknown): number => {
  if (!(error instanceof AxiosError) || error.response?.status !== 429) return 0;
  const seconds = Number(error.response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
};

const isMissing = (error: unknown) => error instanceof AxiosError && error.response?.status === 404;

const logKept = (error: unknown) => console.error('Kept pupils', error);

/** The door's answer, with the pupil kept on this tablet for the days the network is cut. */
function keptAfter(session: DoorSignInResponse): DoorSignInResponse {
  if (session.offline) keepPupil(session.user, session.offline).catch(logKept);
  return session;
}

/** Opens the session of a pupil let in offline, once the network is back: the door's answer, or
 * null when it refuses them now (new cards, left the class: the tablet forgets them). */
const reconnectWith = (body: PictureSignInRequest) => (): Promise<LoginResponse | null> =>
  signInWithPictures(body)
    .then(keptAfter)
    .catch((error: unknown) => {
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      if (status === 401 || status === 403 || status === 404) {
        forgetPupils([body.pupilId]).catch(logKept);
        return null;
      }
      throw error;
    });

export default function ClassDoorPage() {
  useTabTitle(pupilMessages.doorTitle);
  const { loading, startSession, startOfflineSession } = useAuth();
  const token = useRef<string | null | undefined>(undefined);
  if (token.current === undefined) token.current = takeCardToken();
  const remembered = useRef(readRememberedClassCode());

  const [step, setStep] = useState<Step>(() =>
    token.current
      ? { kind: 'busy', label: pupilMessages.cardSigningIn }
      : remembered.current
        ? { kind: 'busy', label: pupilMessages.signingIn }
        : { kind: 'code' },
  );
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [waiting, setWaiting] = useState(false);

  const openClass = useCallback(async (classCode: string) => {
    setPending(true);
    setError(null);
    try {
      const found = await lookupClass(classCode);
      rememberClassCode(classCode);
      forgetAbsent(
        classCode,
        found.pupils.map((pupil) => pupil.id),
      ).catch(logKept);
      const room = { classCode, title: found.group.title, pupils: found.pupils, offline: false };
      setStep({ kind: 'pupils', room });
    } catch (failure) {
      if (isNoAnswer(failure)) {
        const kept = await keptPupilsOf(classCode).catch(() => []);
        if (kept.length > 0) {
          const pupils = kept.map(({ pupilId, door }) => ({ id: pupilId, displayName: door.displayName }));
          setStep({
            kind: 'pupils',
            room: { classCode, title: kept[0]!.door.classTitle, pupils, offline: true },
          });
          return;
        }
      }
      if (isMissing(failure)) rememberClassCode(null);
      setError(
        isNoAnswer(failure) ? pupilMessages.offlineNobody : getErrorMessage(failure, pupilMessages.loadError),
      );
      setStep({ kind: 'code' });
    } finally {
      setPending(false);
    }
  }, []);

  // On arrival, after the stored session's check (so that its answer cannot overwrite a new one):
  // the card's token, else the class this device remembers.
  const started = useRef(false);
  useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    const cardToken = token.current;
    token.current = null;
    if (cardToken) {
      signInWithCard(cardToken)
        .then((session) => {
          if (session.offline) rememberClassCode(session.offline.classCode);
          if (!startSession(keptAfter(session))) setError(pupilMessages.wrongCard);
        })
        .catch((failure: unknown) => {
          setError(getErrorMessage(failure, pupilMessages.loadError));
          setStep({ kind: 'code' });
        });
    } else if (remembered.current) {
      void openClass(remembered.current);
    }
  }, [loading, startSession, openClass]);

  const changeClass = () => {
    rememberClassCode(null);
    setError(null);
    setChosen([]);
    setStep({ kind: 'code' });
  };

  const pick = (pupil: Pupil) => {
    if (step.kind !== 'pupils') return;
    setError(null);
    setChosen([]);
    setStep({ kind: 'pictures', room: step.room, pupil });
  };

  const backToNames = () => {
    if (step.kind !== 'pictures') return;
    setError(null);
    setChosen([]);
    setStep({ kind: 'pupils', room: step.room });
  };

  const tap = (picture: number) => {
    if (step.kind !== 'pictures' || waiting || chosen.length >= PICTURE_CODE_LENGTH) return;
    const next = [...chosen, picture];
    setChosen(next);
    setError(null);
    if (next.length < PICTURE_CODE_LENGTH) return;
    setWaiting(true);
    const body = { classCode: step.room.classCode, pupilId: step.pupil.id, pictures: next };
    const refused = (message: string, waitMs: number) => {
      setError(message);
      setChosen([]);
      // A wait the door asks for keeps the grid off until it is over.
      if (waitMs > 0) window.setTimeout(() => setWaiting(false), waitMs);
      else setWaiting(false);
    };
    /** The tablet checks the pictures of a pupil it keeps (the network is cut). */
    const inOffline = async () => {
      const check = await checkPicturesOffline(body.pupilId, body.pictures).catch(() => null);
      if (check?.outcome === 'in') startOfflineSession(check.user, reconnectWith(body));
      else if (check?.outcome === 'wait')
        refused(
          `${pupilMessages.wrongPictures} ${pupilMessages.waitBeforeRetry(check.seconds)}`,
          check.seconds * 1000,
        );
      else
        refused(check?.outcome === 'wrong' ? pupilMessages.wrongPictures : pupilMessages.offlineUnknown, 0);
    };
    if (step.room.offline) {
      void inOffline();
      return;
    }
    signInWithPictures(body)
      .then((session) => {
        if (!startSession(keptAfter(session))) throw new Error('no session');
      })
      .catch((failure: unknown) => {
        if (isNoAnswer(failure)) void inOffline();
        else refused(getErrorMessage(failure, pupilMessages.loadError), retryAfterMs(failure));
      });
  };

  return (
    <main className="min-h-dvh bg-gradient-to-b from-indigo-100 via-sky-50 to-white px-4 pt-5 pb-10">
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <header className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <LogoMark className="size-11 rounded-xl shadow" />
            <span className="text-2xl font-bold text-slate-900">{PRODUCT_NAME}</span>
          </div>
          {(step.kind === 'pupils' || step.kind === 'pictures') && (
            <button
              type="button"
              onClick={changeClass}
              className="min-h-12 cursor-pointer rounded-xl px-3 text-base font-medium text-indigo-800 underline underline-offset-4 hover:bg-indigo-100 focus-visible:outline-4 focus-visible:outline-indigo-500"
            >
              {pupilMessages.changeClass}
            </button>
          )}
        </header>

        <section className="rounded-3xl bg-white/90 p-5 shadow-lg shadow-indigo-900/5 sm:p-8">
          {step.kind === 'busy' && (
            <div role="status" className="flex flex-col items-center gap-4 py-10 text-xl text-slate-700">
              <Spinner className="size-10" label={null} />
              <span>{step.label}</span>
            </div>
          )}

          {step.kind === 'code' && (
            <>
              <h1 className="sr-only">{pupilMessages.doorTitle}</h1>
              <ClassCodeStep pending={pending} error={error} onSubmit={(code) => void openClass(code)} />
            </>
          )}

          {step.kind === 'pupils' && (
            <div className="flex flex-col gap-5">
              <div className="text-center">
                <p className="text-lg font-medium text-indigo-800">{step.room.title}</p>
                <h1 className="text-3xl font-bold text-slate-900">{pupilMessages.whoAreYou}</h1>
              </div>
              {step.room.offline && <OfflineNote />}
              <PupilPickerStep pupils={step.room.pupils} onPick={pick} />
            </div>
          )}

          {step.kind === 'pictures' && (
            <div className="flex flex-col gap-5">
              <div className="flex flex-col items-center gap-1 text-center">
                <p className="text-lg font-medium text-indigo-800">{step.room.title}</p>
                <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
                  {pupilMessages.tapYourPictures(step.pupil.displayName)}
                </h1>
              </div>
              {error && (
                <p
                  role="alert"
                  className="rounded-2xl bg-amber-100 px-4 py-3 text-center text-xl font-semibold text-amber-950"
                >
                  {error}
                </p>
              )}
              <PictureStep chosen={chosen} disabled={waiting} onTap={tap} onErase={() => setChosen([])} />
              <button
                type="button"
                onClick={backToNames}
                className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 self-center rounded-xl px-4 text-lg font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-4 focus-visible:outline-indigo-500"
              >
                <ArrowLeft aria-hidden="true" className="size-5" />
                {pupilMessages.notMe}
              </button>
            </div>
          )}
        </section>
      </div>
    </main>
  );
}

function OfflineNote() {
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 rounded-2xl bg-sky-100 px-4 py-3 text-center text-lg font-medium text-sky-950"
    >
      <WifiOff aria-hidden="true" className="size-5 shrink-0" />
      {pupilMessages.offlineDoor}
    </p>
  );
}
