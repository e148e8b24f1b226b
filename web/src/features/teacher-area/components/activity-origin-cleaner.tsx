// A hidden frame on the origin of an activity played before (/player/clear/ there), asked to clear
// it once loaded: it hands over what that origin's journal still holds, then deletes the package
// and everything else the origin kept (web/player/clear). Only that origin can delete its data:
// each activity plays on its own. Its report is not taken on trust: after a clear that found
// something, a fresh page is asked again, and the origin is forgotten only when one finds it empty
// (so a clearing that failed, or whose page was not ours, is not taken for done). Heard from its
// window and origin only; given up after a while (offline, say), or after a second clear that
// still found something, and tried again on a later visit.
import { useEffect, useRef, useState } from 'react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { type AppToPlayer, isPlayerMessage } from '@/web/shared/protocol';
import { PLAYER_FRAME_SANDBOX } from '../lib/player-frame-sandbox';

const CLEAR_TIMEOUT_MS = 30_000;
/** The clear, then the fresh page that checks it. */
const MAX_PASSES = 2;

type Props = {
  origin: string;
  relayFrom: (source: Window, origin: string, writes: unknown) => void;
  onCleared: () => void;
  onGiveUp: () => void;
};

export function ActivityOriginCleaner({ origin, relayFrom, onCleared, onGiveUp }: Props) {
  const element = useRef<HTMLIFrameElement>(null);
  const [pass, setPass] = useState(1);
  const callbacks = useRef({ onCleared, onGiveUp });
  callbacks.current = { onCleared, onGiveUp };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = element.current?.contentWindow;
      if (event.origin !== origin || !source || event.source !== source || !isPlayerMessage(event.data))
        return;
      const message = event.data;
      if (message.type === 'player:runtime-writes') relayFrom(source, origin, message.writes);
      else if (message.type === 'player:cleared') {
        if (message.found === 0) callbacks.current.onCleared();
        else if (pass < MAX_PASSES) setPass(pass + 1);
        else callbacks.current.onGiveUp();
      }
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => callbacks.current.onGiveUp(), CLEAR_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [origin, relayFrom, pass]);

  const ask = () => {
    const clear: AppToPlayer = { type: 'app:clear' };
    element.current?.contentWindow?.postMessage(clear, origin);
  };

  return (
    <iframe
      key={pass}
      ref={element}
      src={`${origin}/player/clear/`}
      title={teacherAreaMessages.clearingFrame}
      sandbox={PLAYER_FRAME_SANDBOX}
      aria-hidden="true"
      tabIndex={-1}
      className="hidden"
      onLoad={ask}
    />
  );
}
